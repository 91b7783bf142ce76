/**
 * The render worker's host: a worker that loads the packages every version of the render code imports (React's
 * server renderer, zod, undici …) before there is any code to run, then the render bundle it is sent. `site dev`
 * keeps one such worker spare, so a change waits only for its own code (tens of milliseconds), not for the
 * packages (about 300 ms on the 2-core VM). Messages that come before the bundle has loaded wait for it.
 * Plain JavaScript: it runs as it is, not through a bundler.
 */
export const WORKER_HOST_SOURCE = `import { parentPort, workerData } from 'node:worker_threads';
// Stacks name the template's own file and line (the bundle has a source map), for the error page.
process.setSourceMapsEnabled(true);
const send = (message) => parentPort.postMessage(message);
const waiting = [];
let handle = null;
parentPort.on('message', (message) => {
  if (message.type !== 'load') return handle ? handle(message) : void waiting.push(message);
  import(message.bundle).then(
    (module) => {
      handle = module.startDevWorker(send);
      for (const queued of waiting.splice(0)) handle(queued);
    },
    (error) =>
      send({
        type: 'failed',
        error: {
          code: 'Unexpected',
          title: 'Unexpected error',
          message: String((error && error.stack) || error),
          hint: null,
          status: null,
          fatal: true,
          details: {},
        },
      }),
  );
});
for (const name of workerData.packages) await import(name).catch(() => undefined);
`;

/** What the host is told besides the render worker's own messages (protocol.ts). */
export interface LoadBundle {
  type: 'load';
  /** The render bundle's file URL. */
  bundle: string;
}
