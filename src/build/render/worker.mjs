// Render worker: loads the server bundle once; then loads pages through the API (a client and connections of its
// own) and renders each as its data arrives, and at the end patches the build id into every file it wrote. Plain JavaScript: everything typed lives in the bundle.
// Synchronous file I/O on purpose: a worker may block, and it is several times faster than fs/promises here.
import { createHash } from 'node:crypto';
import { closeSync, mkdirSync, openSync, writeFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';

process.env.NODE_ENV = 'production';
const bundle = await import(workerData.bundle);
const { outDir, assets, scripts } = workerData;
const site = JSON.parse(workerData.siteJson);
const { BUILD_ID_PLACEHOLDER, HTML_BUILD_ID_OFFSET, PAYLOAD_BUILD_ID_OFFSET, payloadFile, renderPage, createPageLoader } = bundle;
const loader = workerData.loader ? createPageLoader(workerData.loader, site, (message) => parentPort.postMessage({ type: 'warn', message })) : null;

const made = new Set();
/** Root-relative media the page uses (the finish stage copies them into the site). */
const MEDIA_URL = /"(\/media\/[^"?#\\]+)"/g;

/** Write a page's HTML and payload; `payload` is the spool's object when the worker loaded it itself (no re-parse). */
function render({ dir, spool, file }, payload) {
  const folder = join(outDir, dir);
  if (!made.has(folder)) {
    mkdirSync(folder, { recursive: true });
    made.add(folder);
  }
  const text = payloadFile(spool, BUILD_ID_PLACEHOLDER);
  const html = renderPage(payload ? { buildId: BUILD_ID_PLACEHOLDER, ...payload } : JSON.parse(text), site, assets, scripts, spool);
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
    send({ id: page.id, kind: 'page', rendered: render({ dir: page.dir, spool: outcome.spool }, outcome.payload), indexable: outcome.indexable });
  } catch (error) {
    send({ id: page.id, kind: 'error', message: failed(error), status: null });
  }
}

function patch(path, offset, id) {
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
    const results = message.pages.map((page) => {
      try {
        return { id: page.id, ...render(page) };
      } catch (error) {
        return { id: page.id, error: failed(error) };
      }
    });
    parentPort.postMessage({ type: 'rendered', results });
  } else if (message.type === 'patch') {
    for (const page of message.pages) {
      const folder = join(outDir, page.dir);
      patch(join(folder, page.file ?? 'index.html'), HTML_BUILD_ID_OFFSET, message.buildId);
      if (!page.file) patch(join(folder, '_payload.json'), PAYLOAD_BUILD_ID_OFFSET, message.buildId);
    }
    parentPort.postMessage({ type: 'patched', count: message.pages.length });
  }
});
parentPort.postMessage({ type: 'ready' });
