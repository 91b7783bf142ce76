import { renderToString } from 'react-dom/server';
import { App, layoutOf } from '../../../templates/app.tsx';
import type { Payload, SiteData } from '../../contract/index.ts';
import { EagerComponents } from '../../../templates/deferred.tsx';
import { EAGER_COMPONENTS } from '../../../templates/eager.ts';
import { Footer } from '../../../templates/layout/Footer.tsx';
import { Header } from '../../../templates/layout/Header.tsx';
import { ImagesContext, pageImages } from '../../../templates/ui/images.ts';
import { ChromeSlots, slotMarkup } from '../../../templates/layout/Shell.tsx';
import { LAYOUT_NAMES, LAYOUTS } from '../../../templates/layouts/index.ts';
import type { LayoutComponent, PageComponent } from '../../../templates/app.tsx';
import { PAGE_TEMPLATES, templateOf } from '../../pages/index.ts';
import { dataPiece, documentPieces, payloadFile, type AssetManifest, type DocumentScripts } from './document.ts';
import type { KnownPieces } from '../links.ts';
import type { PendingPayload } from './page-builder.ts';
import { installPageMemos } from './page-memos.ts';

// The templates' pictures and article links, made once per input in this thread (page-memos.ts).
installPageMemos();

/** Every template's and layout's component, loaded once per worker (see `loadComponents`). */
let components: { pages: Map<string, PageComponent>; layouts: Map<string, LayoutComponent> } | null = null;

/** Load every template's and layout's component (their modules are in the server bundle): before the first render. */
export async function loadComponents(): Promise<void> {
  const [pages, layouts] = await Promise.all([
    Promise.all(PAGE_TEMPLATES.map(async (name) => [name, (await templateOf(name).component()).default] as const)),
    Promise.all(LAYOUT_NAMES.map(async (name) => [name, (await LAYOUTS[name]()).default] as const)),
  ]);
  components = { pages: new Map(pages), layouts: new Map(layouts) };
}

let chrome: { site: SiteData; header: Rendered; footer: Rendered; markup: readonly string[] } | null = null;

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
  if (chrome?.site !== site) {
    // The site's own images only: what the browser's header and footer find too (a page's are not theirs).
    const header = splitHoisted(
      renderToString(
        <ImagesContext.Provider value={pageImages(site, null)}>
          <Header site={site} />
        </ImagesContext.Provider>,
      ),
    );
    const footer = splitHoisted(
      renderToString(
        <ImagesContext.Provider value={pageImages(site, null)}>
          <Footer site={site} />
        </ImagesContext.Provider>,
      ),
    );
    // Every page's document has these two strings among its pieces, as they are (fillSlots).
    chrome = { site, header, footer, markup: [header.html, footer.html] };
  }
  return chrome;
}

/**
 * The server bundle's main export: a page's payload in, its HTML document out, as pieces that joined are the
 * document (document.ts, `documentPieces`). Runs in the render workers.
 */
export function renderPage(
  payload: Payload,
  site: SiteData,
  assets: AssetManifest,
  scripts: DocumentScripts,
  inlineJson?: string,
): string[] {
  if (!components) throw new Error('renderPage before loadComponents: the render worker loads them first');
  const Page =
    payload.template === 'document' || payload.error ? null : (components.pages.get(payload.template) ?? null);
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
            Layout={layout ? (components.layouts.get(layout) ?? null) : null}
            error={payload.error ?? null}
          />
        </EagerComponents.Provider>
      </ChromeSlots.Provider>,
    ),
  );
  // Hints in tree order (header, content, footer), each once, as one whole render would give them.
  const hints = [...new Set([...header.hoisted, ...page.hoisted, ...footer.hoisted])].join('');
  const body = [hints, ...fillSlots(page.html, header.html, footer.html)];
  return documentPieces({ payload, site, assets, scripts, body, inlineJson });
}

const HEADER_SLOT = slotMarkup('header');
const FOOTER_SLOT = slotMarkup('footer');

/**
 * The page's markup with the header and the footer in their slots (the first of each; a page without one keeps
 * none), as pieces in order: slices of the page's markup, which share its memory, and the two chrome's markups.
 */
function fillSlots(html: string, header: string, footer: string): string[] {
  const slots = [
    { at: html.indexOf(HEADER_SLOT), length: HEADER_SLOT.length, markup: header },
    { at: html.indexOf(FOOTER_SLOT), length: FOOTER_SLOT.length, markup: footer },
  ]
    .filter((slot) => slot.at >= 0)
    .sort((a, b) => a.at - b.at);
  const pieces: string[] = [];
  let from = 0;
  for (const slot of slots) {
    pieces.push(html.slice(from, slot.at), slot.markup);
    from = slot.at + slot.length;
  }
  pieces.push(html.slice(from));
  return pieces;
}

/** What every page is rendered with: the build id, the site data and what the documents link to. */
export interface PageRenderContext {
  buildId: string;
  site: SiteData;
  assets: AssetManifest;
  scripts: DocumentScripts;
}

/**
 * A page's two files, its HTML document (as pieces: `document.join('')` is the HTML) and its _payload.json, from the
 * payload's JSON without its build id (and the payload itself when the caller has it): what `site build` writes and
 * `site dev` answers. `known` is what the link finder need not read of the document (build/links.ts): the header's
 * and footer's markup, which every page has as they are, and the page's data.
 */
export function renderPageFiles(
  page: PageRenderContext,
  payloadJson: string,
  pending?: PendingPayload,
): { document: string[]; payloadText: string; payload: Payload; known: KnownPieces } {
  const payloadText = payloadFile(payloadJson, page.buildId);
  const payload = payloadObject(page.buildId, pending ?? (JSON.parse(payloadJson) as PayloadSource));
  const document = renderPage(payload, page.site, page.assets, page.scripts, payloadJson);
  const known = { shared: chromeOf(page.site).markup, data: dataPiece(document) };
  return { document, payloadText, payload, known };
}

/** A payload without its build id: a loaded page's, or one read back from JSON (an error document's has `error`). */
type PayloadSource = PendingPayload & Pick<Payload, 'error'>;

/**
 * The payload every render reads, its properties always these, in this order, whether the page came from the API, a
 * previous output or an error: every payload then has one hidden class in V8. With a spread (`{ buildId, ...pending
 * }`) a page with images, one without and a page read back from JSON each made their own, and the functions that
 * read the payload on every page (the document, the head, the layouts) were optimised for the first and thrown away
 * when the next came, in each render thread (issue 21). JSON leaves the undefined properties out, as before.
 */
function payloadObject(buildId: string, from: PayloadSource): Payload {
  return {
    buildId,
    route: from.route,
    path: from.path,
    template: from.template,
    params: from.params as Payload['params'],
    head: from.head as Payload['head'],
    data: from.data,
    error: from.error,
    images: from.images,
  };
}
