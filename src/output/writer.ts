import { closeSync, copyFileSync, mkdirSync, openSync, readdirSync, writeFileSync, writeSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { UnsafeOutputPath } from '../errors/catalogue.ts';
import { createError } from '../errors/error.ts';

const UNSAFE_SEGMENT = /^\.{1,2}$|[\\/\0]|%2e|%2f|%5c/i;

/** A params value that would make an unsafe path segment (the planner refuses such records before they load). */
export function unsafeParam(value: string | string[]): boolean {
  return (Array.isArray(value) ? value : [value]).some((v) => v === '' || UNSAFE_SEGMENT.test(v) || v.includes('/'));
}

/** Join a site path under the output folder, refusing anything that would land outside it. */
export function outputPath(root: string, sitePath: string, label: string): string {
  const segments = sitePath.split('/').filter(Boolean);
  const bad = segments.find((s) => UNSAFE_SEGMENT.test(s));
  const base = resolve(root);
  const full = resolve(base, ...segments);
  if (bad !== undefined || (full !== base && !full.startsWith(base + sep))) {
    throw createError(UnsafeOutputPath, [sitePath, label], { details: { record: label } });
  }
  return full;
}

/** A file written a piece at a time (manifests, sitemaps): pieces go straight to disk. */
export interface OutputStream {
  write(text: string): void;
  close(): void;
}

/**
 * The one way a file reaches the output: every write names a site path (`/news/index.html`), which is checked to
 * stay inside the output folder, and gets its folder made. Synchronous on purpose: in a render worker a blocking
 * write is several times faster than fs/promises, and on the main thread the files are few.
 */
export interface OutputWriter {
  /** The output folder. */
  readonly root: string;
  /** Write a whole file; returns its size in bytes. `label` names what it is for messages. */
  write(sitePath: string, content: string | Uint8Array, label?: string): number;
  /** Open a file to write in pieces. */
  stream(sitePath: string, label?: string): OutputStream;
  /** Copy a folder's files into the output, as they are (public/). */
  copyFolder(from: string, label?: string): void;
  /** The absolute path of a site path (checked), for readers such as the build-id patch. */
  pathOf(sitePath: string, label?: string): string;
}

export function createOutputWriter(root: string): OutputWriter {
  const pathOf = (sitePath: string, label = `file ${sitePath}`) => outputPath(root, sitePath, label);
  const prepare = (sitePath: string, label?: string) => {
    const file = pathOf(sitePath, label);
    mkdirSync(dirname(file), { recursive: true });
    return file;
  };
  return {
    root,
    pathOf,
    write(sitePath, content, label) {
      writeFileSync(prepare(sitePath, label), content);
      return typeof content === 'string' ? Buffer.byteLength(content) : content.byteLength;
    },
    stream(sitePath, label) {
      const fd = openSync(prepare(sitePath, label), 'w');
      return { write: (text) => void writeSync(fd, text), close: () => closeSync(fd) };
    },
    copyFolder(from, label = `copy of ${from}`) {
      const walk = (dir: string) => {
        for (const entry of readdirSync(dir, { withFileTypes: true })) {
          const source = join(dir, entry.name);
          if (entry.isDirectory()) walk(source);
          else if (entry.isFile())
            copyFileSync(source, prepare(`/${relative(from, source).split(sep).join('/')}`, label));
        }
      };
      walk(from);
    },
  };
}
