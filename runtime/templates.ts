import { layoutOf, type LayoutComponent, type PageComponent } from '../templates/app.tsx';
import { LAYOUTS } from '../templates/layouts/index.ts';
import type { Payload } from '../src/contract/index.ts';

/**
 * Each template is its own chunk, loaded by its name (templates/pages/<name>.tsx, the file src/pages binds the
 * template to): the bundler turns this one import into a loader per template, so no list of templates is kept
 * here.
 */
const loadPage = (name: string): Promise<{ default: PageComponent }> => import(`../templates/pages/${name}.tsx`);

/** A page's template and layout code (each its own chunk, fetched once). */
export async function loadCode(
  payload: Payload,
): Promise<{ Page: PageComponent | null; Layout: LayoutComponent | null }> {
  const layout = layoutOf(payload);
  const [page, layoutModule] = await Promise.all([
    payload.template === 'document' ? null : loadPage(payload.template),
    layout ? LAYOUTS[layout]() : null,
  ]);
  return { Page: page?.default ?? null, Layout: layoutModule?.default ?? null };
}
