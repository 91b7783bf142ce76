import { fork } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundleForNode } from '../../util/bundle-node.ts';
import type { DatasetOptions } from '../dataset.ts';
import { DEFAULT_PHOTO_CACHE } from '../photos.ts';
import type { FaultOptions } from './faults.ts';

/** The demo CMS as the build sees it: addresses, and a way to stop it. */
export interface DemoHandle {
  origin: string;
  apiPrefix: string;
  dashboardApiUrl: string;
  redirectServiceUrl: string;
  /** Stop it; resolves with its peak memory in MB (Linux), or null. */
  close(): Promise<number | null>;
}

export interface DemoProcessOptions extends DatasetOptions {
  port?: number;
  host?: string;
  faults?: FaultOptions;
  /** Where the bundled server script goes. */
  cacheDir: string;
}

/**
 * Start the demo CMS in its own process, the way a remote API would run: serving and building use both cores,
 * and the build's memory figures are the builder's alone. The server is bundled with esbuild first, so the
 * child runs plain JavaScript.
 */
export async function startDemoProcess(options: DemoProcessOptions): Promise<DemoHandle> {
  const { cacheDir, ...serverOptions } = options;
  await mkdir(cacheDir, { recursive: true });
  const script = join(cacheDir, 'demo-cms.mjs');
  await bundleForNode(fileURLToPath(new URL('./process-entry.ts', import.meta.url)), script);
  // The bundle cannot find Fieldhouse's .cache from where it is written: the photo pool's folder is handed to it.
  const child = fork(script, [JSON.stringify({ photoCache: DEFAULT_PHOTO_CACHE, ...serverOptions })], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const ready = await new Promise<{
    origin: string;
    apiPrefix: string;
    dashboardApiUrl: string;
    redirectServiceUrl: string;
  }>((resolve, reject) => {
    child.once('message', (message) => resolve(message as never));
    child.once('error', (error) =>
      reject(new Error(`The demo CMS process failed to start: ${error.message}`, { cause: error })),
    );
    child.once('exit', (code) =>
      reject(new Error(`The demo CMS process exited with code ${code} before it was ready.`)),
    );
  });
  const { type: _type, ...addresses } = ready as typeof ready & { type: string };
  return {
    ...addresses,
    close: () =>
      new Promise<number | null>((resolve) => {
        const peak = peakMemoryMb(child.pid);
        if (child.exitCode !== null) return resolve(peak);
        child.once('exit', () => resolve(peak));
        child.send('close');
      }),
  };
}

/** VmHWM: the peak resident memory of a process, from /proc (Linux only). */
function peakMemoryMb(pid: number | undefined): number | null {
  try {
    const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Math.round(Number(match[1]) / 1024) : null;
  } catch {
    return null;
  }
}
