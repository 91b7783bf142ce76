import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataPiece, documentPieces, type AssetManifest } from '../../src/build/render/document.ts';
import { loadComponents, renderPageFiles } from '../../src/build/render/ssr.tsx';
import type { Payload } from '../../src/contract/index.ts';
import type { DemoServer } from '../../src/demo/server/server.ts';
import type { PageSource } from '../../src/pages/define.ts';
import { sourceOf, type PageContext } from '../../src/pages/index.ts';
import { bootDataOf } from '../../scripts/js-weight.ts';
import { startDemo } from '../helpers/demo.ts';
import { demoPageContext } from '../helpers/site.ts';

/**
 * The document the build writes around a page: its head in the order the runtime and crawlers read it, one module
 * script (hydration's code waits for the page to load, issue 21), what hydration loads listed once each, the
 * scripts of the config in their places.
 */
let demo: DemoServer;
let ctx: PageContext;
let close: () => Promise<void>;

beforeAll(async () => {
  demo = await startDemo();
  ({ ctx, close } = await demoPageContext(demo));
});

afterAll(async () => {
  await close?.();
  await demo?.close();
});

const ASSETS: AssetManifest = {
  hydrate: '/_site/hydrate-1.js',
  boot: '/_site/boot-1.js',
  css: '/_site/site-1.css',
  siteData: '/_site/site-data-1.json',
  // The boot script's chunks and a template's overlap: each is listed once, in first-named order.
  bootPreloads: ['/_site/react-1.js', '/_site/shared-1.js'],
  preloads: { article: ['/_site/article-1.js', '/_site/shared-1.js', '/_site/boot-1.js'] },
};

async function articlePayload(): Promise<Payload> {
  const route = 'news-year-month-day-slug';
  const source = sourceOf(route) as PageSource<unknown>;
  let params: Payload['params'] | null = null;
  for await (const ref of source.paths(ctx)) {
    params = ref.params;
    break;
  }
  const loaded = await source.load(ctx, params!);
  if ('skip' in loaded) throw new Error(`skipped: ${loaded.skip}`);
  return { buildId: 'B1', route, path: '/news/x', template: 'article', params: params!, ...loaded };
}

/** The head's elements, each as its tag and the attribute that tells it apart. */
function headOutline(html: string): string[] {
  const head = html.slice(html.indexOf('<head>') + 6, html.indexOf('</head>'));
  return [...head.matchAll(/<(title|meta|link|style|script)\b([^>]*)>/g)].map(([, tag, attrs]) => {
    const named = /\s(name|property|rel|type|src)="([^"]*)"/.exec(attrs!);
    return named ? `${tag} ${named[2]}` : tag!;
  });
}

describe('documentPieces', () => {
  it('writes the head in document order: page tags, styles, one module script, scripts, structured data', async () => {
    const payload = await articlePayload();
    const pieces = documentPieces({
      payload,
      site: ctx.site,
      assets: ASSETS,
      scripts: {
        ticketMarketing: { src: '/vendor/tm.js', attributes: { 'data-account': 'a&b' } },
        heatmap: { src: '/vendor/heat.js', siteId: '42' },
      },
      // The body's pieces (the page's markup and the chrome spliced in) go in as they are, in order.
      body: ['<main>', 'x', '</main>'],
    });
    expect(pieces).toContain('x');
    const html = pieces.join('');
    expect(
      html.startsWith(
        '<!doctype html>\n<html lang="en"><head><meta charset="utf-8"><meta name="fh-build" content="B1">',
      ),
    ).toBe(true);
    const outline = headOutline(html);
    const at = (item: string) => outline.indexOf(item);
    // The page's own tags first, as headTags orders them.
    expect(outline.slice(0, 5)).toEqual(['meta', 'meta fh-build', 'meta viewport', 'title', 'meta description']);
    expect(at('link canonical')).toBeLessThan(at('meta og:type'));
    expect(at('meta og:type')).toBeLessThan(at('meta twitter:card'));
    expect(at('meta twitter:card')).toBeLessThan(at('meta theme-color'));
    expect(at('meta theme-color')).toBeLessThan(at('link alternate'));
    // Then the site's styles and data, then the one module script: nothing of hydration's code is named, so it
    // does not compete with the page's photos before the page has loaded.
    const tail = outline.slice(at('link stylesheet'));
    expect(tail).toEqual([
      'link stylesheet',
      'style',
      'link preload',
      'script module',
      'script /vendor/tm.js',
      'script application/ld+json',
      'script /vendor/heat.js',
    ]);
    expect(html).toContain('<script type="module" src="/_site/hydrate-1.js"></script>');
    expect(html).not.toContain('modulepreload');
    // What hydration loads: each module once, the boot script first.
    expect(bootDataOf(html)).toEqual({
      siteData: '/_site/site-data-1.json',
      modules: ['/_site/boot-1.js', '/_site/react-1.js', '/_site/shared-1.js', '/_site/article-1.js'],
    });
    expect(html).toContain('<script async src="/vendor/tm.js" data-account="a&amp;b"></script>');
    expect(html).toContain('<script async src="/vendor/heat.js" data-site-id="42"></script>');
    // One JSON-LD script, which names the article.
    expect(html.match(/application\/ld\+json/g)).toHaveLength(1);
    expect(html).toMatch(/"@type":"(News)?Article"/);
    expect(html).toContain('<div id="app"><main>x</main></div>');
    // The page's data is a piece of its own (the link finder does not read it: build/links.ts), the inline
    // payload's JSON as the script holds it.
    const data = dataPiece(pieces);
    expect(html).toContain(`<script type="application/json" id="__FH_PAYLOAD__">${data}</script>`);
    expect(JSON.parse(data)).toEqual(JSON.parse(JSON.stringify({ ...payload, buildId: undefined })));
  });

  it('leaves out what the config and the page do not have', async () => {
    const payload = await articlePayload();
    const html = documentPieces({
      payload: { ...payload, error: { status: 404, message: 'Not found' } },
      site: ctx.site,
      assets: { ...ASSETS, preloads: {} },
      scripts: { ticketMarketing: null, heatmap: null },
      body: [],
    }).join('');
    const outline = headOutline(html);
    // An error document names no canonical address, and has no structured data: it is not the article.
    expect(outline).not.toContain('link canonical');
    expect(outline.filter((item) => item.startsWith('script'))).toEqual(['script module']);
    expect(bootDataOf(html).modules).toEqual(['/_site/boot-1.js', '/_site/react-1.js', '/_site/shared-1.js']);
  });
});

describe('renderPageFiles', () => {
  it('gives every payload it renders one shape, wherever the payload came from, and writes its JSON as it came', async () => {
    await loadComponents();
    const { buildId: _built, ...pending } = await articlePayload();
    const images = {
      'https://cdn.example/a.jpg': { id: '0123456789abcdef', width: 800, height: 600, color: '#102030' },
    };
    const page = { buildId: 'B2', site: ctx.site, assets: ASSETS, scripts: { ticketMarketing: null, heatmap: null } };
    const plain = JSON.stringify(pending);
    const pictured = JSON.stringify({ ...pending, images });
    const rendered = [
      renderPageFiles(page, plain, pending),
      renderPageFiles(page, pictured, { ...pending, images }),
      // A document rendered from its JSON alone (the 404 page; site dev's pages not found).
      renderPageFiles(page, pictured),
      renderPageFiles(page, JSON.stringify({ ...pending, error: { status: 404, message: 'Not found' } })),
    ];
    // The same properties in the same order: one hidden class in V8 for every page (ssr.tsx, payloadObject).
    const shapes = rendered.map(({ payload }) => Object.keys(payload).join());
    expect(shapes).toEqual(Array(4).fill('buildId,route,path,template,params,head,data,error,images'));
    expect(rendered[1]!.payload.images).toEqual(images);
    expect(rendered[2]!.payload.images).toEqual(images);
    expect(rendered[3]!.payload.error).toEqual({ status: 404, message: 'Not found' });
    // The files hold the JSON as it came, the build id first; what the payload leaves out is not written.
    expect(rendered[0]!.payloadText).toBe(`{"buildId":"B2",${plain.slice(1)}`);
    expect(rendered[1]!.payloadText).toBe(`{"buildId":"B2",${pictured.slice(1)}`);
    expect(dataPiece(rendered[0]!.document)).not.toContain('"error"');
    expect(dataPiece(rendered[0]!.document)).not.toContain('"images"');
  });
});
