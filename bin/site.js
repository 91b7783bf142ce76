#!/usr/bin/env node
// Launcher: registers the TypeScript loader, then hands over to the CLI.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../cli/index.ts');
await main(process.argv);
