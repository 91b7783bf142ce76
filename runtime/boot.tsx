import { hydrateRoot } from 'react-dom/client';
import { App, layoutOf } from '../templates/app.tsx';
import type { SiteData } from '../templates/data.ts';
import { APP_ID, BOOT_ID, PAYLOAD_ID, readJson, type BootData, type Payload } from './boot-data.ts';
import { LAYOUT_LOADERS, PAGE_LOADERS } from './templates.ts';

/** First load: read the inline payload, fetch the site data, load this page's template chunk, hydrate. */
async function boot(): Promise<void> {
  const bootData = readJson<BootData>(BOOT_ID);
  const payload = readJson<Payload>(PAYLOAD_ID);
  const root = document.getElementById(APP_ID);
  if (!bootData || !payload || !root) return;
  const layoutName = layoutOf(payload);
  const [site, page, layout] = await Promise.all([
    fetch(bootData.siteData).then((r) => r.json() as Promise<SiteData>),
    payload.template === 'document' ? null : PAGE_LOADERS[payload.template](),
    layoutName ? LAYOUT_LOADERS[layoutName]() : null,
  ]);
  hydrateRoot(root, <App site={site} payload={payload} Page={page?.default ?? null} Layout={layout?.default ?? null} error={payload.error ?? null} />);
}

void boot();
