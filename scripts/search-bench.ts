/**
 * What a search costs a fan: for sample queries against a built site's static index, the bytes a browser with an
 * empty cache downloads (the manifest, the shards of the words, the document chunks of the first page of results),
 * raw and gzipped, plus the index's own size. Used by `npm run bench`.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { SEARCH_DIR } from '../src/output/layout.ts';
import type { StoredDoc } from '../src/search/format.ts';
import { createStaticSearch, type SearchQuery } from '../src/search/query.ts';

export interface SearchBench {
  docs: number;
  files: number;
  indexMb: number;
  queries: { query: string; results: number; files: number; kb: number; gzipKb: number }[];
  medianGzipKb: number;
  maxGzipKb: number;
  maxKb: number;
}

const kb = (bytes: number) => Math.round(bytes / 102.4) / 10;

export async function measureSearch(siteDir: string): Promise<SearchBench> {
  const dir = join(siteDir, SEARCH_DIR);
  const names = readdirSync(dir);
  const indexBytes = names.reduce((n, name) => n + statSync(join(dir, name)).size, 0);
  const docs = names.filter((n) => n.startsWith('d-')).sort((a, b) => Number(a.slice(2, -5)) - Number(b.slice(2, -5)));
  const sample = (type: string) => {
    for (const name of docs.slice(Math.floor(docs.length / 3))) {
      const hit = (JSON.parse(readFileSync(join(dir, name), 'utf8')) as StoredDoc[]).find((d) => d[0] === type);
      if (hit) return hit;
    }
    throw new Error(`no ${type} in the search index`);
  };
  const player = sample('player');
  const article = sample('article');
  const word = article[1].split(/\s+/).find((w) => /^[A-Za-z]{6,}$/.test(w)) ?? article[1].split(/\s+/)[0]!;
  const queries: SearchQuery[] = [
    { s: player[1] },
    { s: player[1].split(' ').at(-1)! },
    { s: word, sport: article[5] || null },
    { s: 'basketball' },
    { s: 'haw' },
    { s: 'game recap' },
    { s: 'season', teamName: 'basketball' },
    // What fans type (issue 22): typos, a word the site lacks beside one it has, a sport's page by name.
    { s: 'vollyball' },
    { s: 'footbal shedule' },
    { s: 'homecoming tickets' },
    { s: 'football schedule' },
  ];
  const results: SearchBench['queries'] = [];
  for (const query of queries) {
    let bytes = 0;
    let gzip = 0;
    let files = 0;
    // A fresh reader per query: a first search with an empty cache.
    const search = createStaticSearch(async (file) => {
      const body = readFileSync(join(dir, file));
      bytes += body.byteLength;
      gzip += gzipSync(body).byteLength;
      files++;
      return JSON.parse(body.toString('utf8'));
    });
    const answer = await search.search(query);
    const label = `${query.s}${query.sport ? ` [sport=${query.sport}]` : ''}${query.teamName ? ` [team_name=${query.teamName}]` : ''}`;
    results.push({ query: label, results: answer.total, files, kb: kb(bytes), gzipKb: kb(gzip) });
  }
  const gz = results.map((r) => r.gzipKb).sort((a, b) => a - b);
  return {
    docs: JSON.parse(readFileSync(join(dir, 'index.json'), 'utf8')).docs,
    files: names.length,
    indexMb: Math.round(indexBytes / 104857.6) / 10,
    queries: results,
    medianGzipKb: gz[Math.floor(gz.length / 2)]!,
    maxGzipKb: gz.at(-1)!,
    maxKb: Math.max(...results.map((r) => r.kb)),
  };
}

/** The figures as lines of text: the index, then each query. */
export function searchReport(r: SearchBench, label: string): string {
  return [
    `search index, ${label}: ${r.docs.toLocaleString('en-US')} documents, ${r.files.toLocaleString('en-US')} files, ${r.indexMb} MB; per query (empty cache): median ${r.medianGzipKb} KB gzipped, max ${r.maxGzipKb} KB gzipped (${r.maxKb} KB raw)`,
    ...r.queries.map(
      (q) =>
        `  ${q.query.padEnd(40)} ${String(q.results).padStart(6)} results  ${String(q.files).padStart(3)} files  ${String(q.kb).padStart(7)} KB  ${String(q.gzipKb).padStart(6)} KB gz`,
    ),
  ].join('\n');
}
