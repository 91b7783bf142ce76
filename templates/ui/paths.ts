import { createLinks } from '../../src/routes/links.ts';
import { ROUTE_TABLE } from '../../src/routes/injected.ts';

/** Site paths for templates, from the route table (src/routes/links.ts): never hand-built differently. */
export const paths = createLinks(ROUTE_TABLE);
