/**
 * A render worker: loads pages through the API (a client and connections of its own), renders each as its data
 * arrives, writes it through the output writer, and writes its search document and its line of the build cache
 * (what it read, what the build derived from it) to files of its own. An incremental build's untouched pages whose
 * build id changed are rendered again from their payload in the previous output (the main thread links the others
 * as they are). Bundled with everything it needs into one server bundle
 * (src/build/bundle.ts); it talks to pool.ts in the messages of protocol.ts.
 */
import { createHash } from 'node:crypto';
import { parentPort, threadId } from 'node:worker_threads';
import { getHeapStatistics } from 'node:v8';
import type { SiteData } from '../../contract/index.ts';
import { errorToRecord } from '../../errors/error.ts';
import { PAYLOAD_FILE, pageDir, pageHtmlFile } from '../../output/layout.ts';
import { mediaIn } from '../../output/media.ts';
import { createOutputWriter } from '../../output/writer.ts';
import { batched } from '../../util/batch.ts';
import { heapSamplingFromEnv } from '../../util/heap-sampling.ts';
import { createLineWriter } from '../../util/line-files.ts';
import { cacheLine, type PageFacts } from '../deps/cache.ts';
import { createLinkFinder } from '../links.ts';
import { writePageListFiles } from '../page-list.ts';
import { addImages, createPageBuilder, imageRequests, rememberedImages, type PendingPayload } from './page-builder.ts';
import type { FromWorker, PageOutcome, PageTask, Rendered, RenderTask, ToWorker, WorkerSetup } from './protocol.ts';
import { loadComponents, renderPageFiles, type PageRenderContext } from './ssr.tsx';

const port = parentPort!;
const send = (message: FromWorker) => port.postMessage(message);
/** `npm run profile -- --heap`: this thread's allocations, written once its pages are loaded (util/heap-sampling.ts). */
const heapSampling = heapSamplingFromEnv(`render-${threadId}`);

/** One build's part of this thread: what it was set up with, its client and memo, its files. */
function openBuild(setup: WorkerSetup) {
  // Once the build is over nothing of it reaches the pool (which parks a thread only when its loading is closed, so
  // no page is left loading: this is the second guard): a message sent after `end` would reach the next build's pool
  // as if it were its own.
  let live = true;
  const post = (message: FromWorker) => {
    if (live) send(message);
  };
  const site = JSON.parse(setup.siteJson) as SiteData;
  const output = createOutputWriter(setup.outDir);
  let builder: ReturnType<typeof createPageBuilder> | null = createPageBuilder(setup.builder, site, (message) =>
    post({ type: 'warn', message }),
  );
  // Search documents go to a file of this worker's own (JSON lines), read back when the index is written.
  const searchDocs = setup.searchFile ? createLineWriter(setup.searchFile) : null;
  // Each page's line of the build cache: `[path, deps, facts]` (deps/cache.ts).
  const depsLines = createLineWriter(setup.depsFile);
  const findLinks = createLinkFinder(new URL(site.siteUrl).origin);
  const page: PageRenderContext = { buildId: setup.buildId, site, assets: setup.assets, scripts: setup.scripts };

  /**
   * Write a page's HTML and payload (or, with `file`, only the HTML under that name). `media` is the payload's media
   * URLs when the caller has them (mediaIn of its JSON).
   */
  function render(task: RenderTask, payload?: PendingPayload, media?: string[]): Rendered {
    const dir = task.dir === '' ? '' : `/${task.dir}`;
    const { document, payloadText: text, payload: full, known } = renderPageFiles(page, task.payloadJson, payload);
    const file = task.file ? `${dir}/${task.file}` : `/${pageHtmlFile(task.dir)}`;
    // The document's pieces are written and read as they are: joined, they would be copied once more.
    let bytes = output.write(file, document, `page ${full.path}`);
    if (!task.file) bytes += output.write(`${dir}/${PAYLOAD_FILE}`, text, `payload of ${full.path}`);
    return {
      bytes,
      digest: createHash('sha1').update(task.payloadJson).digest('hex'),
      media: media ?? mediaIn(task.payloadJson),
      links: findLinks(document, full.path, known),
    };
  }

  // Built pages go back in batches: one message per turn of the event loop, not one per page.
  const reply = batched<PageOutcome & { id: number }>((results) =>
    post({ type: 'built', results, stats: { ...builder!.stats }, heapBytes: getHeapStatistics().total_heap_size }),
  );

  /** The feeds being made (a `feeds` request): loading is not closed before they are. */
  let feeding: Promise<void> = Promise.resolve();

  /** The main thread's image pipeline: what it knows of a page's image URLs (by message, see protocol.ts). */
  const images = imageRequests(post);
  /** Its answers, remembered for this build: a page whose images were all answered before asks nothing. */
  const imageInfo = rememberedImages(images.ask);

  async function build(task: PageTask): Promise<void> {
    const loaded = await builder!.load(task);
    if (loaded.kind === 'skip') return reply({ id: task.id, kind: 'skip', reason: loaded.reason });
    if (loaded.kind === 'error') return reply({ id: task.id, kind: 'error', error: loaded.error });
    if (loaded.kind === 'absent') return reply({ id: task.id, kind: 'absent' });
    try {
      // The payload's media, found once: the images added to it name only URLs it names already.
      const named = mediaIn(loaded.payloadJson);
      if (setup.images) await addImages(loaded, imageInfo, named);
      const rendered = render({ dir: pageDir(task.path), payloadJson: loaded.payloadJson }, loaded.payload, named);
      const search = loaded.indexable?.searchDoc ?? null;
      if (search) searchDocs?.write(JSON.stringify(search));
      const { digest, media, links } = rendered;
      const sitemap = loaded.indexable && { lastmod: loaded.indexable.lastmod };
      const facts: PageFacts = { digest, media, links: links.own, chrome: links.chrome, sitemap, search };
      depsLines.write(cacheLine(task.path, task.deps ?? loaded.deps, facts));
      reply({ id: task.id, kind: 'page', rendered, sitemap });
    } catch (error) {
      reply({ id: task.id, kind: 'error', error: errorToRecord(error) });
    }
  }

  return {
    receive(message: Exclude<ToWorker, { type: 'setup' | 'end' }>): void {
      switch (message.type) {
        case 'image-info':
          return images.answer(message.answers);
        case 'build':
          for (const task of message.pages) void build(task);
          return;
        case 'render':
          // The pages built before go first. A thread reports a chrome's links with the first page of it (links.ts);
          // if that page is in a batch not yet sent, this reply would reach the main thread before the links it
          // needs (a page --keep-going kept failed the build with "its chrome's links were never reported").
          reply.flush();
          try {
            post({ type: 'rendered', id: message.id, result: { ok: true, rendered: render(message.task) } });
          } catch (error) {
            post({ type: 'rendered', id: message.id, result: { ok: false, error: errorToRecord(error) } });
          }
          return;
        case 'page-list':
          try {
            post({
              type: 'page-list',
              id: message.id,
              result: { ok: true, ...writePageListFiles(output, message.job) },
            });
          } catch (error) {
            post({ type: 'page-list', id: message.id, result: { ok: false, error: errorToRecord(error) } });
          }
          return;
        case 'feeds': {
          const { id } = message;
          const making = builder
            ? builder.feeds()
            : Promise.reject(new Error('The feeds were asked for after loading was done'));
          feeding = making.then(
            (files) => post({ type: 'feeds', id, result: { ok: true, files: [...files] } }),
            (error: unknown) => post({ type: 'feeds', id, result: { ok: false, error: errorToRecord(error) } }),
          );
          return;
        }
        case 'loading-done':
          // Every page is loaded (and the feeds made): the search file is complete, and the client's connections and
          // memo can go.
          void feeding.then(() => {
            searchDocs?.close();
            depsLines.close();
            builder?.close().catch(() => undefined);
            builder = null;
            heapSampling?.write();
            post({
              type: 'loading-closed',
              id: message.id,
              searchFile: searchDocs?.file ?? null,
              depsFile: depsLines.file,
            });
          });
          return;
      }
    },
    /** The build is over: let go of the client (if loading was never closed) and the files; send nothing more. */
    end(): void {
      live = false;
      searchDocs?.close();
      depsLines.close();
      builder?.close().catch(() => undefined);
      builder = null;
    },
  };
}

/**
 * The build this thread works for. A thread outlives a build where the caller keeps it warm (pool.ts, WarmWorkers:
 * `site webhook` builds again and again): each build sets it up anew, and nothing of one build's (its data, client,
 * memo, files) is left for the next; only the code, loaded and compiled, stays.
 */
let current: ReturnType<typeof openBuild> | null = null;

port.on('message', (message: ToWorker) => {
  switch (message.type) {
    case 'setup':
      current?.end();
      current = openBuild(message.setup);
      return send({ type: 'ready' });
    case 'end':
      current?.end();
      current = null;
      return;
    default:
      if (!current) throw new Error(`A render worker was sent "${message.type}" before it was set up for a build`);
      return current.receive(message);
  }
});

await loadComponents();
send({ type: 'loaded' });
