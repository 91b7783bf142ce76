/**
 * `site dev`'s render worker: the build's page builder and document renderer (src/build/render), one page at a
 * time as the browser asks. Bundled by src/dev/bundler.ts and loaded into a fresh worker (worker-host.ts) after
 * every change of the code, so a page is always rendered by the code on disk, with no module state left from the
 * code before.
 */
import type { SiteData } from '../contract/index.ts';
import { errorToRecord } from '../errors/error.ts';
import { notFoundTask } from '../build/finish.ts';
import { addImages, createPageBuilder, imageRequests } from '../build/render/page-builder.ts';
import { loadComponents, renderPageFiles, type PageRenderContext } from '../build/render/ssr.tsx';
import type { DevPage, DevPageRequest, DevWorkerSetup, FromDevWorker, ToDevWorker } from './protocol.ts';

/** Start rendering in this worker: load the templates, and answer each message through `send`. */
export function startDevWorker(send: (message: FromDevWorker) => void): (message: ToDevWorker) => void {
  let context: PageRenderContext | null = null;
  let builder: ReturnType<typeof createPageBuilder> | null = null;
  let images = false;
  // The session's image pipeline: what it knows of a page's image URLs (by message, see protocol.ts).
  const imageInfo = imageRequests(send);

  function configure(setup: DevWorkerSetup): void {
    const site = JSON.parse(setup.siteJson) as SiteData;
    context = { buildId: setup.buildId, site, assets: setup.assets, scripts: setup.scripts };
    builder = createPageBuilder(setup.builder, site, (message) => send({ type: 'warn', message }));
    images = setup.images;
  }

  async function page(request: DevPageRequest): Promise<DevPage> {
    if (!builder || !context) throw new Error('A page was asked for before the render worker was set up.');
    const loaded = await builder.load({ id: 0, ...request, label: request.path });
    if (loaded.kind === 'skip') return loaded;
    if (loaded.kind === 'error') return loaded;
    if (loaded.kind === 'absent') return { kind: 'skip', reason: `${request.path} has no data` };
    try {
      if (images) await addImages(loaded, imageInfo.ask);
      const { document, payloadText } = renderPageFiles(context, loaded.payloadJson, loaded.payload);
      return { kind: 'page', html: document.join(''), payloadText, template: loaded.payload.template };
    } catch (error) {
      return { kind: 'error', error: errorToRecord(error) };
    }
  }

  function notFound(): DevPage {
    try {
      if (!context) throw new Error('The 404 page was asked for before the render worker was set up.');
      const { document, payloadText } = renderPageFiles(context, notFoundTask().payloadJson);
      return { kind: 'page', html: document.join(''), payloadText, template: 'document' };
    } catch (error) {
      return { kind: 'error', error: errorToRecord(error) };
    }
  }

  // The templates load as soon as the worker starts; pages are rendered once they have.
  const loading = loadComponents().then(
    () => send({ type: 'ready' }),
    (error: unknown) => send({ type: 'failed', error: errorToRecord(error) }),
  );

  return (message: ToDevWorker) => {
    if (message.type === 'setup') return configure(message.setup);
    if (message.type === 'image-info') return imageInfo.answer(message.answers);
    const id = message.id;
    const answer = message.type === 'not-found' ? () => notFound() : () => page(message.page);
    void loading
      .then(answer)
      .catch((error: unknown): DevPage => ({ kind: 'error', error: errorToRecord(error) }))
      .then((result) => send({ type: 'rendered', id, page: result }));
  };
}
