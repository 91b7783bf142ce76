// Render worker: loads the server bundle once; then loads pages through the API (a client and connections of its
// own), renders each as its data arrives and writes its search document to a file of its own; at the end it
// patches the build id into its share of the pages the ledger lists. Plain JavaScript: everything typed lives in
// the bundle.
// Synchronous file I/O on purpose: a worker may block, and it is several times faster than fs/promises here.
import { createHash } from 'node:crypto';
import { closeSync, mkdirSync, openSync, writeFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';

process.env.NODE_ENV = 'production';
const bundle = await import(workerData.bundle);
const { outDir, assets, scripts } = workerData;
const site = JSON.parse(workerData.siteJson);
const {
  BUILD_ID_PLACEHOLDER,
  HTML_BUILD_ID_OFFSET,
  PAYLOAD_BUILD_ID_OFFSET,
  payloadFile,
  renderPage,
  createPageLoader,
  createLineWriter,
  pageDir,
  readLedger,
} = bundle;
let loader = workerData.loader
  ? createPageLoader(workerData.loader, site, (message) => parentPort.postMessage({ type: 'warn', message }))
  : null;
// Search documents go to a file of this worker's own (JSON lines), read back when the index is written.
const searchDocs = workerData.searchFile ? createLineWriter(workerData.searchFile) : null;

/** Root-relative media the page uses (the finish stage copies them into the site). */
const MEDIA_URL = /"(\/media\/[^"?#\\]+)"/g;

/** Write a page's HTML and payload; `payload` is the spool's object when the worker loaded it itself (no re-parse). */
function render({ dir, spool, file }, payload) {
  // Every page has a folder of its own, made once: nothing to remember about the folders already made.
  const folder = join(outDir, dir);
  mkdirSync(folder, { recursive: true });
  const text = payloadFile(spool, BUILD_ID_PLACEHOLDER);
  const html = renderPage(
    payload ? { buildId: BUILD_ID_PLACEHOLDER, ...payload } : JSON.parse(text),
    site,
    assets,
    scripts,
    spool,
  );
  writeFileSync(join(folder, file ?? 'index.html'), html);
  let written = Buffer.byteLength(html);
  if (!file) {
    writeFileSync(join(folder, '_payload.json'), text);
    written += Buffer.byteLength(text);
  }
  const media = [];
  for (const match of spool.matchAll(MEDIA_URL)) media.push(match[1]);
  return { bytes: written, digest: createHash('sha1').update(spool).digest('hex'), media };
}

const failed = (error) => (error instanceof Error ? (error.stack ?? error.message) : String(error));

// Loaded pages go back in batches: one message per turn of the event loop, not one per page.
let outbox = [];
function send(result) {
  if (outbox.push(result) > 1) return;
  setImmediate(() => {
    const results = outbox;
    outbox = [];
    parentPort.postMessage({ type: 'loaded', results, stats: { ...loader.stats } });
  });
}

async function loadAndRender(page) {
  const outcome = await loader.load(page);
  if (outcome.kind !== 'page') return send({ id: page.id, ...outcome });
  try {
    const rendered = render({ dir: page.dir, spool: outcome.spool }, outcome.payload);
    const { indexable } = outcome;
    if (indexable?.search) searchDocs?.write(JSON.stringify(indexable.search));
    send({ id: page.id, kind: 'page', rendered, indexable: indexable && { lastmod: indexable.lastmod } });
  } catch (error) {
    send({ id: page.id, kind: 'error', message: failed(error), status: null });
  }
}

function patchFile(path, offset, id) {
  const fd = openSync(path, 'r+');
  try {
    writeSync(fd, id, offset, 'utf8');
  } finally {
    closeSync(fd);
  }
}

parentPort.on('message', (message) => {
  if (message.type === 'load') {
    for (const page of message.pages) void loadAndRender(page);
  } else if (message.type === 'render') {
    try {
      parentPort.postMessage({ type: 'rendered', rendered: render(message.page) });
    } catch (error) {
      parentPort.postMessage({ type: 'rendered', error: failed(error) });
    }
  } else if (message.type === 'patch') {
    // This worker's share of the ledger (every `of`-th page from `share`), and any pages named in the message.
    const patch = ({ dir, file }) => {
      const folder = join(outDir, dir);
      patchFile(join(folder, file ?? 'index.html'), HTML_BUILD_ID_OFFSET, message.buildId);
      if (!file) patchFile(join(folder, '_payload.json'), PAYLOAD_BUILD_ID_OFFSET, message.buildId);
    };
    let index = 0;
    for (const entry of readLedger(message.ledger))
      if (index++ % message.of === message.share) patch({ dir: pageDir(entry.path) });
    for (const page of message.pages) patch(page);
    parentPort.postMessage({ type: 'patched' });
  } else if (message.type === 'loading-done') {
    // Every page is loaded: the search file is complete, and the client's connections and its memo's answers can go.
    searchDocs?.close();
    loader?.close().catch(() => undefined);
    loader = null;
    parentPort.postMessage({ type: 'loading-closed', file: searchDocs?.file ?? null });
  }
});
parentPort.postMessage({ type: 'ready' });
