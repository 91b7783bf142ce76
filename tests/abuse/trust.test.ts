import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSite, type BuildSummary } from '../../src/build/index.ts';
import { validateConfig } from '../../src/config/index.ts';
import { isPublic, type Dataset } from '../../src/demo/dataset.ts';
import { startDemoServer, type DemoServer } from '../../src/demo/server/server.ts';
import { createLogger } from '../../src/logger/logger.ts';
import { SMALL_DEPARTMENT_SEASONS } from '../helpers/demo.ts';
import { startFaultProxy, type FaultProxy } from '../helpers/fault-proxy.ts';
import { HOSTILE_HTML, hostileDataset, NUL_TITLE, XSS_VECTORS } from '../helpers/hostile.ts';
import { scanForStrings } from '../helpers/scan.ts';
import { controlCharactersUnder, unsafeMarkupIn, unsafeMarkupUnder } from '../helpers/unsafe-markup.ts';

const root = join(import.meta.dirname, '../..');
const work = mkdtempSync(join(tmpdir(), 'fieldhouse-trust-'));
const out = join(work, 'out');
const MENU_DEPTH = 20_000;
const HUGE_BODY_CHARS = 5 << 20;
const warnings: string[] = [];
let dataset: Dataset;
let demo: DemoServer;
let proxy: FaultProxy;
let summary: BuildSummary;
let hugeArticle: { id: number; slug: string };

/** A menu item nested MENU_DEPTH deep, as JSON text (JSON.stringify itself would overflow the stack). */
function deepMenuItem(): string {
  let open = '';
  let close = '';
  for (let i = 0; i < MENU_DEPTH; i++) {
    open += `{"id":${900_000 + i},"title":"Level ${i}","url":"/level-${i}","children":[`;
    close += ']}';
  }
  return `${open}{"id":999999,"title":"Bottom","url":"/bottom"}${close}`;
}

beforeAll(async () => {
  dataset = hostileDataset({ seasons: SMALL_DEPARTMENT_SEASONS });
  // A 5 MB body on one article, as a runaway paste would give.
  const target = dataset.articles.filter(isPublic).at(-3)!;
  hugeArticle = { id: target.id, slug: target.slug };
  const article = dataset.article;
  dataset.article = (id) => {
    const found = article(id);
    return found && id === hugeArticle.id
      ? { ...found, body: `<p>${'Go Hawks! '.repeat(HUGE_BODY_CHARS / 10)}</p>` }
      : found;
  };
  demo = await startDemoServer({ dataset, leaky: true });
  proxy = await startFaultProxy({ target: demo.origin });
  // The website configuration with a menu 20,000 levels deep, as a broken CMS export once sent.
  proxy.setRewrite((path, body) =>
    path.endsWith('/website-config')
      ? Buffer.from(body.toString('utf8').replace('"website_menu":[', `"website_menu":[${deepMenuItem()},`))
      : null,
  );
  const config = validateConfig(
    {
      siteUrl: 'https://www.cedarvalleyhawks.example',
      api: {
        baseUrl: proxy.origin,
        dashboardUrl: `${proxy.origin}/dashboard`,
        redirectServiceUrl: `${proxy.origin}/redirect-service`,
      },
      build: { publicDir: join(root, 'public') },
    },
    'test',
  );
  const logger = createLogger({ level: 'warn', write: (line) => warnings.push(line) });
  summary = await buildSite({ config, root, outDir: out, logger, verbose: true });
}, 240_000);

afterAll(async () => {
  await proxy?.close();
  await demo?.close();
  rmSync(work, { recursive: true, force: true });
});

describe('a build from a leaky, hostile CMS', () => {
  it('builds the site from what it can trust', () => {
    expect(summary.failed).toEqual([]);
    expect(summary.ok).toBe(true);
    // The small department: 5,308 pages on 2026-11-26.
    expect(summary.pages).toBeGreaterThan(5_000);
  });

  it('publishes no draft, scheduled or private record, and no protected body, and says which it left out', () => {
    const hidden = [
      ...dataset.articles.filter((a) => !isPublic(a)).map((a) => a.title),
      ...dataset.videos.filter((v) => !isPublic(v)).map((v) => v.title),
      ...dataset.galleries.filter((g) => !isPublic(g.summary)).map((g) => g.summary.title),
      ...dataset.documents.filter((d) => !isPublic(d)).map((d) => d.title),
      ...dataset.pages.filter((p) => !isPublic(p)).map((p) => p.title),
      'Your priority points balance and seat selection window are shown in your account.',
      'Members only: priority points and seat selection.',
    ];
    expect(hidden.length).toBeGreaterThan(12);
    expect(scanForStrings(out, hidden)).toEqual([]);
    const draft = dataset.articles.find((a) => a.status === 'draft')!;
    expect(
      warnings.some((w) => w.includes(`article ${draft.id} (slug "${draft.slug}") left out: status "draft"`)),
    ).toBe(true);
    expect(warnings.some((w) => /article \d+ .* left out: status "scheduled"/.test(w))).toBe(true);
    expect(warnings.some((w) => /video \d+ .* left out: visibility "private"/.test(w))).toBe(true);
    expect(warnings.some((w) => /document [0-9a-f-]+ left out: visibility "private"/.test(w))).toBe(true);
    expect(
      warnings.some((w) => /page \d+ \(slug "hawks-club\/donor-portal"\) is password-protected: its 1 block/.test(w)),
    ).toBe(true);
    const privateDoc = dataset.documents.find((d) => !isPublic(d))!;
    expect(existsSync(join(out, 'documents', `${privateDoc.uuid}.pdf`))).toBe(false);
  });

  it('leaves no markup that could run a script in any of its pages', () => {
    // The corpus is dangerous before the build: the check would find it.
    expect(unsafeMarkupIn(HOSTILE_HTML).length).toBeGreaterThan(XSS_VECTORS.length / 2);
    expect(unsafeMarkupUnder(out)).toEqual([]);
    const contact = readFileSync(join(out, 'contact-us.html'), 'utf8');
    // The editor's own text stays (what follows an unclosed vector is swallowed, as a browser would).
    expect(contact).toContain('<p>Before the corpus.</p>');
    const removal = warnings.find((w) => w.includes('unsafe markup removed ('));
    for (const named of ['<script>', 'onerror=', 'javascript URL', '<iframe> from', '<object>', '<style>'])
      expect(removal, named).toContain(named);
    expect(removal).toMatch(/record data(\.\w+|\[\d+\])* \(id \d+.*, field data/);
    // Reads every page of the site (about 400 MB): seconds on a quiet machine, more on a busy one.
  }, 120_000);

  it('runs the analytics code from a file of its own, and the policy allows no inline script', () => {
    const home = readFileSync(join(out, 'index.html'), 'utf8');
    const [, src] = /<script src="(\/_site\/assets\/analytics-[0-9a-f]{12}\.js)"><\/script>/.exec(home) ?? [];
    expect(src).toBeDefined();
    expect(readFileSync(join(out, src!), 'utf8')).toContain('window.__analyticsRuns');
    expect(home).toContain('<noscript><img src="https://pixel.example/p.gif" alt="" /></noscript>');
    for (const file of ['_headers', 'serve.json', '_site/nginx.conf'])
      expect(readFileSync(join(out, file), 'utf8'), file).not.toMatch(/'sha256-|unsafe-inline'[^;]*script/);
  });

  it('removes control characters from every text', () => {
    expect(controlCharactersUnder(out)).toEqual([]);
    const article = dataset.articles.find((a) => a.title === NUL_TITLE)!;
    const page = readFileSync(
      join(out, 'news', ...article.date.slice(0, 10).split('-'), article.slug + '.html'),
      'utf8',
    );
    expect(page).toContain('<h1 id="page-title">Hawks Win the Cup</h1>');
    expect(warnings.some((w) => /control characters removed from text \(record data\[\d+\] \(id \d+/.test(w))).toBe(
      true,
    );
  });

  it('cuts a 20,000-deep menu and a 5 MB body, naming them', () => {
    expect(warnings.some((w) => /nested deeper than 32 levels, cut there/.test(w))).toBe(true);
    expect(warnings.some((w) => /menu item "Level 0 › Level 1 › Level 2": 1 deeper item\(s\) left out/.test(w))).toBe(
      true,
    );
    expect(
      warnings.some((w) =>
        new RegExp(`id ${hugeArticle.id}.*field data\\.body: 5,242,887 characters, cut to 2,097,152`).test(w),
      ),
    ).toBe(true);
    expect(warnings.some((w) => new RegExp(`id ${hugeArticle.id}.*field data\\.body: cut to 1024 KB`).test(w))).toBe(
      true,
    );
  });
});
