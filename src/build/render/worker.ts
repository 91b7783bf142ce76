/**
 * A render worker: loads pages through the API (a client and connections of its own), renders each as its data
 * arrives, writes it through the output writer, and writes its search document to a file of its own. An
 * incremental build's untouched pages come from the previous output: rendered from their payload, or linked as
 * they are when that output carries this build's id. Bundled with everything it needs into one server bundle
 * (src/build/bundle.ts); it talks to pool.ts in the messages of protocol.ts.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import type { SiteData } from '../../contract/index.ts';
import { errorToRecord } from '../../errors/error.ts';
import { PAYLOAD_FILE, pageDir, pageHtmlFile } from '../../output/layout.ts';
import { mediaIn } from '../../output/media.ts';
import { createOutputWriter } from '../../output/writer.ts';
import { createLineWriter } from '../../util/line-files.ts';
import { createLinkFinder } from '../links.ts';
import { addImages, createPageBuilder, imageRequests, type PendingPayload } from './page-builder.ts';
import type { FromWorker, PageOutcome, PageTask, Rendered, RenderTask, ToWorker, WorkerSetup } from './protocol.ts';
import { loadComponents, renderPageFiles, type PageRenderContext } from './ssr.tsx';

const setup = workerData as WorkerSetup;
const port = parentPort!;
const send = (message: FromWorker) => port.postMessage(message);
const site = JSON.parse(setup.siteJson) as SiteData;
const output = createOutputWriter(setup.outDir);
let builder: ReturnType<typeof createPageBuilder> | null = createPageBuilder(setup.builder, site, (message) =>
  send({ type: 'warn', message }),
);
// Search documents go to a file of this worker's own (JSON lines), read back when the index is written.
const searchDocs = setup.searchFile ? createLineWriter(setup.searchFile) : null;
// What each page read from the API, for the build cache: `[path, deps]` per line.
const depsLines = createLineWriter(setup.depsFile);
const findLinks = createLinkFinder(new URL(site.siteUrl).origin);
const page: PageRenderContext = { buildId: setup.buildId, site, assets: setup.assets, scripts: setup.scripts };

/** Write a page's HTML and payload (or, with `file`, only the HTML under that name). */
function render(task: RenderTask, payload?: PendingPayload): Rendered {
  const dir = task.dir === '' ? '' : `/${task.dir}`;
  const { html, payloadText: text, payload: full } = renderPageFiles(page, task.payloadJson, payload);
  const file = task.file ? `${dir}/${task.file}` : `/${pageHtmlFile(task.dir)}`;
  let bytes = output.write(file, html, `page ${full.path}`);
  if (!task.file) bytes += output.write(`${dir}/${PAYLOAD_FILE}`, text, `payload of ${full.path}`);
  return {
    bytes,
    digest: createHash('sha1').update(task.payloadJson).digest('hex'),
    media: mediaIn(task.payloadJson),
    links: findLinks(html),
  };
}

/**
 * An untouched page of an incremental build whose previous output carries this build's id: its files there are
 * byte for byte what render() would write, so they are linked into the new output; only its links are read.
 */
function link(from: string, path: string, payloadJson: string): Rendered {
  const dir = pageDir(path);
  const html = `/${pageHtmlFile(dir)}`;
  const payload = `${dir === '' ? '' : `/${dir}`}/${PAYLOAD_FILE}`;
  const previousHtml = join(from, html);
  output.link(previousHtml, html, `page ${path}`);
  output.link(join(from, payload), payload, `payload of ${path}`);
  return {
    bytes: 0,
    digest: createHash('sha1').update(payloadJson).digest('hex'),
    media: mediaIn(payloadJson),
    links: findLinks(readFileSync(previousHtml, 'utf8')),
  };
}

// Built pages go back in batches: one message per turn of the event loop, not one per page.
let outbox: (PageOutcome & { id: number })[] = [];
function reply(result: PageOutcome & { id: number }): void {
  if (outbox.push(result) > 1) return;
  setImmediate(() => {
    const results = outbox;
    outbox = [];
    send({ type: 'built', results, stats: { ...builder!.stats } });
  });
}

/** The main thread's image pipeline: what it knows of a page's image URLs (by message, see protocol.ts). */
const images = imageRequests(send);

async function build(task: PageTask): Promise<void> {
  const loaded = await builder!.load(task);
  if (loaded.kind === 'skip') return reply({ id: task.id, kind: 'skip', reason: loaded.reason });
  if (loaded.kind === 'error') return reply({ id: task.id, kind: 'error', error: loaded.error });
  if (loaded.kind === 'absent') return reply({ id: task.id, kind: 'absent' });
  try {
    if (setup.images && !task.link) await addImages(loaded, images.ask);
    const rendered =
      task.from && task.link
        ? link(task.from, task.path, loaded.payloadJson)
        : render({ dir: pageDir(task.path), payloadJson: loaded.payloadJson }, loaded.payload);
    if (loaded.indexable?.searchDoc) searchDocs?.write(JSON.stringify(loaded.indexable.searchDoc));
    // A page built from a previous output read nothing: the main thread carries its dependencies over.
    if (!task.from) depsLines.write(JSON.stringify([task.path, loaded.deps]));
    reply({ id: task.id, kind: 'page', rendered, sitemap: loaded.indexable && { lastmod: loaded.indexable.lastmod } });
  } catch (error) {
    reply({ id: task.id, kind: 'error', error: errorToRecord(error) });
  }
}

port.on('message', (message: ToWorker) => {
  switch (message.type) {
    case 'image-info':
      return images.answer(message.id, message.images);
    case 'build':
      for (const task of message.pages) void build(task);
      return;
    case 'render':
      try {
        send({ type: 'rendered', id: message.id, result: { ok: true, rendered: render(message.task) } });
      } catch (error) {
        send({ type: 'rendered', id: message.id, result: { ok: false, error: errorToRecord(error) } });
      }
      return;
    case 'loading-done':
      // Every page is loaded: the search file is complete, and the client's connections and memo can go.
      searchDocs?.close();
      depsLines.close();
      builder?.close().catch(() => undefined);
      builder = null;
      send({ type: 'loading-closed', id: message.id, searchFile: searchDocs?.file ?? null, depsFile: depsLines.file });
      return;
  }
});

await loadComponents();
send({ type: 'ready' });
