import { renderToString } from 'react-dom/server';
import { App, layoutOf } from '../../../templates/app.tsx';
import type { Payload, SiteData } from '../../../templates/data.ts';
import { EagerComponents } from '../../../templates/deferred.tsx';
import { EAGER_COMPONENTS } from '../../../templates/eager.ts';
import { LAYOUTS, PAGES } from '../../../templates/registry.ts';
import { renderDocument, type AssetManifest, type DocumentScripts } from './document.ts';

export { BUILD_ID_PLACEHOLDER, HTML_BUILD_ID_OFFSET, PAYLOAD_BUILD_ID_OFFSET, payloadFile } from './document.ts';

/** The server bundle's main export: a page's payload in, its HTML document out. Runs in the render workers. */
export function renderPage(payload: Payload, site: SiteData, assets: AssetManifest, scripts: DocumentScripts, inlineJson?: string): string {
  const Page = payload.template === 'document' || payload.error ? null : PAGES[payload.template];
  const layout = layoutOf(payload);
  const body = renderToString(
    <EagerComponents.Provider value={EAGER_COMPONENTS}>
      <App site={site} payload={payload} Page={Page} Layout={layout ? LAYOUTS[layout] : null} error={payload.error ?? null} />
    </EagerComponents.Provider>,
  );
  return renderDocument({ payload, site, assets, scripts, body, inlineJson });
}
