import { renderToString } from 'react-dom/server';
import { App, layoutOf } from '../../../templates/app.tsx';
import type { Payload, SiteData } from '../../../templates/data.ts';
import { EagerComponents } from '../../../templates/deferred.tsx';
import { EAGER_COMPONENTS } from '../../../templates/eager.ts';
import { Footer } from '../../../templates/layout/Footer.tsx';
import { Header } from '../../../templates/layout/Header.tsx';
import { ChromeSlots, slotMarkup } from '../../../templates/layout/Shell.tsx';
import { LAYOUTS, PAGES } from '../../../templates/registry.ts';
import { renderDocument, type AssetManifest, type DocumentScripts } from './document.ts';

export { BUILD_ID_PLACEHOLDER, HTML_BUILD_ID_OFFSET, PAYLOAD_BUILD_ID_OFFSET, payloadFile } from './document.ts';
export { createPageLoader } from './page-loader.ts';
export { pageDir, readLedger } from '../ledger.ts';
export { createLineWriter } from '../../util/line-files.ts';

let chrome: { site: SiteData; header: Rendered; footer: Rendered } | null = null;

/** Markup, and the resource hints (image preloads) React hoists to the start of the output. */
interface Rendered {
  hoisted: string[];
  html: string;
}

const HOISTED = /^<link [^>]*\/>/;
function splitHoisted(output: string): Rendered {
  const hoisted: string[] = [];
  let html = output;
  for (let m = HOISTED.exec(html); m; m = HOISTED.exec(html)) {
    hoisted.push(m[0]);
    html = html.slice(m[0].length);
  }
  return { hoisted, html };
}

/** The header and footer depend on the site alone: rendered once per build (per worker), spliced into every page. */
function chromeOf(site: SiteData) {
  if (chrome?.site !== site)
    chrome = {
      site,
      header: splitHoisted(renderToString(<Header site={site} />)),
      footer: splitHoisted(renderToString(<Footer site={site} />)),
    };
  return chrome;
}

/** The server bundle's main export: a page's payload in, its HTML document out. Runs in the render workers. */
export function renderPage(
  payload: Payload,
  site: SiteData,
  assets: AssetManifest,
  scripts: DocumentScripts,
  inlineJson?: string,
): string {
  const Page = payload.template === 'document' || payload.error ? null : PAGES[payload.template];
  const layout = layoutOf(payload);
  const { header, footer } = chromeOf(site);
  const page = splitHoisted(
    renderToString(
      <ChromeSlots.Provider value>
        <EagerComponents.Provider value={EAGER_COMPONENTS}>
          <App
            site={site}
            payload={payload}
            Page={Page}
            Layout={layout ? LAYOUTS[layout] : null}
            error={payload.error ?? null}
          />
        </EagerComponents.Provider>
      </ChromeSlots.Provider>,
    ),
  );
  // Hints in tree order (header, content, footer), each once, as one whole render would give them.
  const hints = [...new Set([...header.hoisted, ...page.hoisted, ...footer.hoisted])].join('');
  const body =
    hints + page.html.replace(slotMarkup('header'), () => header.html).replace(slotMarkup('footer'), () => footer.html);
  return renderDocument({ payload, site, assets, scripts, body, inlineJson });
}
