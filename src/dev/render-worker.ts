/**
 * `site dev`'s render worker: the build's page builder and document renderer (src/build/render), one page at a
 * time as the browser asks. Bundled by src/dev/bundler.ts and started again after every change of the code, so a
 * page is always rendered by the code on disk, with no module state left from the code before.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { SiteData } from '../contract/index.ts';
import { errorToRecord } from '../errors/error.ts';
import { notFoundTask } from '../build/finish.ts';
import { createPageBuilder } from '../build/render/page-builder.ts';
import { loadComponents, renderPageFiles, type PageRenderContext } from '../build/render/ssr.tsx';
import type { DevPage, DevPageRequest, DevWorkerSetup, FromDevWorker, ToDevWorker } from './protocol.ts';

const setup = workerData as DevWorkerSetup;
const port = parentPort!;
const send = (message: FromDevWorker) => port.postMessage(message);
const site = JSON.parse(setup.siteJson) as SiteData;
const context: PageRenderContext = { buildId: setup.buildId, site, assets: setup.assets, scripts: setup.scripts };
const builder = createPageBuilder(setup.builder, site, (message) => send({ type: 'warn', message }));

async function page(request: DevPageRequest): Promise<DevPage> {
  const loaded = await builder.load({ id: 0, ...request, label: request.path });
  if (loaded.kind === 'skip') return loaded;
  if (loaded.kind === 'error') return loaded;
  if (loaded.kind === 'absent') return { kind: 'skip', reason: `${request.path} has no data` };
  try {
    const { html, payloadText } = renderPageFiles(context, loaded.payloadJson, loaded.payload);
    return { kind: 'page', html, payloadText, template: loaded.payload.template };
  } catch (error) {
    return { kind: 'error', error: errorToRecord(error) };
  }
}

function notFound(): DevPage {
  try {
    const { html, payloadText } = renderPageFiles(context, notFoundTask().payloadJson);
    return { kind: 'page', html, payloadText, template: 'document' };
  } catch (error) {
    return { kind: 'error', error: errorToRecord(error) };
  }
}

port.on('message', (message: ToDevWorker) => {
  if (message.type === 'not-found') return send({ type: 'rendered', id: message.id, page: notFound() });
  void page(message.page).then((result) => send({ type: 'rendered', id: message.id, page: result }));
});

try {
  await loadComponents();
  send({ type: 'ready' });
} catch (error) {
  send({ type: 'failed', error: errorToRecord(error) });
}
