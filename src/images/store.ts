/**
 * The image cache on disk (site.config.ts `images.cacheDir`), kept across builds and shared by builds that run at
 * once: originals by content hash, what was read of each, and encoded variants by variant URL. Files are written
 * whole under a temporary name and renamed, so a reader never sees half a file; any entry that will not parse is
 * treated as missing. Versioned: a change of layout or encoder moves to a new folder.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
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
  const index = readIndex(indexFile, () => readJson<Record<string, IndexEntry>>(indexFile) ?? {});
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

/**
 * The index as the last build of this process read or saved it, while its file is unchanged (a long-running
 * `site webhook` builds many times; at demo scale 10 the file is 2 MB of JSON, 30 ms to parse): each build gets its
 * own copy of the entries. Any change to the file (its size, time or inode: another build saved it) reads it again.
 * (A file saved by another process in the same clock tick, of the same size and on the same inode number, would go
 * unseen until the next change: the index is a hint, and each entry's validators and hash go together, so a stale
 * entry costs at most the image's download.)
 */
let lastIndex: { file: string; stamp: string; entries: Map<string, IndexEntry> } | null = null;

function readIndex(file: string, parse: () => Record<string, IndexEntry>): Map<string, IndexEntry> {
  const stamp = stampOf(file);
  if (stamp === null || lastIndex?.file !== file || lastIndex.stamp !== stamp) {
    const entries = new Map(Object.entries(parse()));
    // The stamp is taken again after reading: a file replaced meanwhile is not remembered under the old one.
    lastIndex = stamp !== null && stampOf(file) === stamp ? { file, stamp, entries: new Map(entries) } : null;
    return entries;
  }
  return new Map(lastIndex.entries);
}

/** A file's size, modification time and inode (null: no file). */
function stampOf(file: string): string | null {
  try {
    const stat = statSync(file, { bigint: true });
    return `${stat.size}:${stat.mtimeNs}:${stat.ino}`;
  } catch {
    return null;
  }
}
