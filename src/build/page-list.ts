/**
 * The files made from the build's list of pages, in one pass over it (the sorted list, read from disk as bytes): the
 * sitemap (one file, or an index of parts past 50,000 URLs) and the build's manifest (`_site/builds/meta/<id>.json`,
 * whose `prerendered` names every page). The pass is a whole-site one: 0.15–0.2 s of a core for the 118,000 pages
 * of demo scale 10, in a build that changes a few. So a render thread makes them (render/pool.ts, `pageList`) while
 * the main thread copies media and writes the other feeds; a full build writes them the same way.
 */
import { buildMetaFile } from '../output/layout.ts';
import type { OutputWriter } from '../output/writer.ts';
import { byteClasses, copyBytes, JSON_SPECIAL, NON_ASCII } from '../util/text-bytes.ts';
import { writeSitemaps, type SitemapsWritten } from './feeds/index.ts';
import { scanLedgerFile } from './ledger.ts';

/** What the files are made from: plain data, sent to the render thread that makes them. */
export interface PageListJob {
  /** The build's sorted list of pages (ledger.ts), complete. */
  list: string;
  /** How many of its pages search engines may index (the sitemap's). */
  indexable: number;
  siteUrl: string;
  buildId: string;
  /** The build manifest's JSON, its list of pages empty (finish.ts, buildMetaHead). */
  metaHead: string;
}

/** Write the sitemap files and the build's manifest from the list of pages. The sitemap files, with their digests. */
export function writePageListFiles(writer: OutputWriter, job: PageListJob): SitemapsWritten {
  const meta = openBuildMeta(writer, job.buildId, job.metaHead);
  try {
    return writeSitemaps(writer, job.siteUrl, {
      count: job.indexable,
      each: (add) =>
        scanLedgerFile(job.list, (line) => {
          meta.add(line.block, line.start, line.pathEnd);
          if (line.indexable) add(line.block, line.start, line.pathEnd, line.lastmodStart, line.lastmodEnd);
        }),
    });
  } finally {
    meta.close();
  }
}

const QUOTE = Buffer.from('"');
const COMMA_QUOTE = Buffer.from(',"');
const END = Buffer.from(']}');
const EMPTY_LIST = '[]}';

/**
 * `_site/builds/meta/<id>.json`, written as its pages come: `add` each page's path (UTF-8 bytes, `bytes[start,
 * end)`), in path order, then `close`. `head` is its JSON with an empty list of pages last (buildMetaHead). An ASCII
 * path JSON need not escape is copied as it is; any other is decoded, and written as JSON.stringify gives it (so
 * bytes that are not UTF-8 go out as U+FFFD, as the text of the list would give them).
 */
export function openBuildMeta(
  writer: OutputWriter,
  buildId: string,
  head: string,
): { add(bytes: Buffer, start: number, end: number): void; close(): void } {
  if (!head.endsWith(EMPTY_LIST)) throw new Error(`A build manifest's head must end with its empty list of pages`);
  const stream = writer.stream(`/${buildMetaFile(buildId)}`, 'build manifest');
  let block = Buffer.allocUnsafe(1 << 17);
  let at = 0;
  let first = true;
  const put = (bytes: Buffer, start = 0, end = bytes.length) => {
    if (at + end - start > block.length) {
      stream.write(block.subarray(0, at));
      at = 0;
      if (end - start > block.length) block = Buffer.allocUnsafe((end - start) * 2);
    }
    at += copyBytes(bytes, start, end, block, at);
  };
  put(Buffer.from(head.slice(0, -2)));
  return {
    add(bytes, start, end) {
      put(first ? QUOTE : COMMA_QUOTE);
      first = false;
      if (byteClasses(bytes, start, end) & (JSON_SPECIAL | NON_ASCII)) {
        const json = JSON.stringify(bytes.toString('utf8', start, end));
        put(Buffer.from(json.slice(1, -1)));
      } else put(bytes, start, end);
      put(QUOTE);
    },
    close() {
      try {
        put(END);
        stream.write(block.subarray(0, at));
      } finally {
        stream.close();
      }
    },
  };
}
