import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import vnu from 'vnu-jar';
import { templatePages } from './template-pages.ts';

const outDir = process.env.FH_E2E_OUT!;

/** The file a path is served from (serve.json's rewrites for the shells, 404.html for unknown paths). */
function fileFor(path: string): string {
  const shells: Record<string, string> = {
    '/article-preview/1': '_shells/article-preview-id',
    '/page-preview/1': '_shells/page-preview-id',
  };
  if (shells[path]) return join(outDir, shells[path] + '.html');
  const page = join(outDir, path === '/' ? 'index.html' : `${path.slice(1)}.html`);
  return existsSync(page) ? page : join(outDir, '404.html');
}

test('the W3C Nu HTML checker finds no errors on one page of every template', () => {
  test.setTimeout(120_000);
  const files = templatePages(outDir).map((p) => fileFor(p.path));
  let report: { messages: { type: string; message: string; url: string; extract?: string }[] };
  try {
    const output = execFileSync(
      'java',
      ['-jar', vnu, '--format', 'json', '--errors-only', '--exit-zero-always', ...new Set(files)],
      { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] },
    );
    report = JSON.parse(output || '{"messages":[]}');
  } catch (error) {
    const stderr = (error as { stderr?: string }).stderr ?? '';
    report = JSON.parse(stderr || '{"messages":[]}');
  }
  const errors = report.messages
    .filter((m) => m.type === 'error')
    .map(
      (m) =>
        `${m.url.replace(`file:${outDir}`, '')}: ${m.message} ${m.extract ? `[${m.extract.trim().slice(0, 80)}]` : ''}`,
    );
  expect(errors).toEqual([]);
  expect(readFileSync(files[0]!, 'utf8').length).toBeGreaterThan(0);
});
