/**
 * The image cache on disk (site.config.ts `images.cacheDir`), kept across builds and shared by builds that run at
 * once: originals by content hash, what was read of each, and encoded variants by variant URL. Files are written
 * whole under a temporary name and renamed, so a reader never sees half a file; any entry that will not parse is
 * treated as missing. Versioned: a change of layout or encoder moves to a new folder.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Validators } from '../api/client.ts';
import type { Probe } from './encode.ts';

const STORE_VERSION = 'v1';

export interface ImageStore {
  readonly dir: string;
  originalFile(hash: string): string;
  hasOriginal(hash: string): boolean;
  putOriginal(hash: string, bytes: Uint8Array): string;
  probe(hash: string): Probe | null;
  putProbe(hash: string, probe: Probe): void;
  /** The file of a variant (its URL's file name), or null when not encoded yet. */
  variant(name: string): string | null;
  putVariant(name: string, bytes: Uint8Array): string;
  /** What the server said of each URL last time: its validators and the hash of what it sent. */
  readonly index: ReadonlyMap<string, IndexEntry>;
  /** What the server said of a URL now (saved with the index). */
  remember(url: string, entry: IndexEntry): void;
  /** Save the index, when this session remembered something (a build that fetched no image writes nothing). */
  saveIndex(): void;
}

export interface IndexEntry {
  hash: string;
  validators: Validators;
}

export function openImageStore(cacheDir: string): ImageStore {
  const dir = join(cacheDir, STORE_VERSION);
  const folders = { originals: join(dir, 'originals'), probes: join(dir, 'probes'), variants: join(dir, 'variants') };
  for (const folder of Object.values(folders)) mkdirSync(folder, { recursive: true });
  const indexFile = join(dir, 'index.json');
  const put = (file: string, bytes: Uint8Array | string) => {
    const temporary = `${file}.${randomBytes(6).toString('hex')}.tmp`;
    writeFileSync(temporary, bytes);
    renameSync(temporary, file);
    return file;
  };
  const readJson = <T>(file: string): T | null => {
    try {
      return JSON.parse(readFileSync(file, 'utf8')) as T;
    } catch {
      return null;
    }
  };
  const index = new Map(Object.entries(readJson<Record<string, IndexEntry>>(indexFile) ?? {}));
  // The URLs remembered in this session: only they are merged into the index on disk.
  const remembered = new Map<string, IndexEntry>();
  return {
    dir,
    index,
    originalFile: (hash) => join(folders.originals, hash),
    hasOriginal: (hash) => existsSync(join(folders.originals, hash)),
    putOriginal: (hash, bytes) => put(join(folders.originals, hash), bytes),
    probe: (hash) => readJson<Probe>(join(folders.probes, `${hash}.json`)),
    putProbe: (hash, probe) => void put(join(folders.probes, `${hash}.json`), JSON.stringify(probe)),
    variant(name) {
      const file = join(folders.variants, name);
      return existsSync(file) ? file : null;
    },
    putVariant: (name, bytes) => put(join(folders.variants, name), bytes),
    remember(url, entry) {
      index.set(url, entry);
      remembered.set(url, entry);
    },
    saveIndex() {
      if (!remembered.size) return;
      // Merged with what another build saved meanwhile: the index is a hint (a wrong entry costs one full fetch).
      const merged = { ...(readJson<Record<string, unknown>>(indexFile) ?? {}), ...Object.fromEntries(remembered) };
      put(indexFile, JSON.stringify(merged));
      remembered.clear();
    },
  };
}
