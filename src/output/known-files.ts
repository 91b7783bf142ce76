/**
 * Files a writer writes, listed with their digests: `sitePath TAB sha256` lines, kept in the build cache (the search
 * index's files, `search-files.tsv`). The next build that updates the output in place keeps a file whose new bytes
 * have the digest listed without reading the output's copy (10,772 index files at demo scale 10, each a stat, an
 * open and a read before), and writes one whose digest differs without reading it either; a file not listed is
 * compared byte for byte, as the reusing writer does.
 *
 * The list is trusted as the build cache's pages are: a file kept by its digest is not looked at, so an output
 * changed by hand behind its cache keeps the change (the build checks a sample of the files the cache lists first).
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { createLineWriter, readLines } from '../util/line-files.ts';
import { contentBytes, createReusingWriter, type OutputWriter } from './writer.ts';

const LINE = /^(\/[^\t]*)\t([0-9a-f]{64})$/;

export const contentDigest = (content: string | Uint8Array): string =>
  createHash('sha256').update(content).digest('hex');

/** A list's digests by site path: none when there is no list; a line that is not one is left out (not known). */
export function readKnownFiles(file: string | null): Map<string, string> {
  const known = new Map<string, string>();
  if (!file || !existsSync(file)) return known;
  for (const line of readLines(file)) {
    const match = LINE.exec(line);
    if (match) known.set(match[1]!, match[2]!);
  }
  return known;
}

export interface KnownFilesWriter extends OutputWriter {
  /**
   * Keep a file of the previous output as it is, unread, listed with the digest the previous list gives it (an index
   * patched in place: src/search/patch.ts). Throws for a file the list does not name.
   */
  keepKnown(sitePath: string): void;
  /** Close the list of what was written (or kept) and name its file. */
  close(): string;
}

/**
 * A writer that lists every file it is given, with its digest, in `list`. With `previous` (an output updated in
 * place, whose files `known` lists), a file that comes out the same is left where it is there, reported to `keep`,
 * not written.
 */
export function createKnownFilesWriter(
  output: OutputWriter,
  options: {
    list: string;
    previous: { dir: string; known: ReadonlyMap<string, string>; keep(sitePath: string): void } | null;
  },
): KnownFilesWriter {
  const lines = createLineWriter(options.list);
  const { previous } = options;
  // A file the list does not name is compared byte for byte, as any reusing writer does.
  const compared = previous ? createReusingWriter(output, previous.dir, previous.keep) : output;
  return {
    ...output,
    write(sitePath, content, label) {
      const bytes = contentBytes(content);
      const digest = contentDigest(bytes);
      lines.write(`${sitePath}\t${digest}`);
      const before = previous?.known.get(sitePath);
      if (before === undefined) return compared.write(sitePath, bytes, label);
      if (before !== digest) return output.write(sitePath, bytes, label);
      previous!.keep(sitePath);
      return bytes.byteLength;
    },
    keepKnown(sitePath) {
      const digest = previous?.known.get(sitePath);
      if (digest === undefined) throw new Error(`${sitePath} is not a file of the previous output's list`);
      lines.write(`${sitePath}\t${digest}`);
      previous!.keep(sitePath);
    },
    close() {
      lines.close();
      return lines.file;
    },
  };
}
