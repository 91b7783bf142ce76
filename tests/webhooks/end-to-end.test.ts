import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { validateConfig } from '../../src/config/load.ts';
import { DEMO_EDIT_TOKEN } from '../../src/demo/cms/cms.ts';
import { generateDataset } from '../../src/demo/dataset.ts';
import { startDemoServer, type DemoServer } from '../../src/demo/server/server.ts';
import { createLogger } from '../../src/logger/logger.ts';
import type { ReceiverStatus } from '../../src/webhooks/receiver.ts';
import { startWebhookService, WEBHOOK_STATE_FILE, type WebhookService } from '../../src/webhooks/service.ts';

const SECRET = 'whsec_' + Buffer.from('end to end').toString('base64');

/** Every file under a folder whose name is `name`. */
function findFile(dir: string, name: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith(`/${name}`))
    .map((file) => join(dir, file));
}

describe('an editor publishes: CMS edit → signed webhook → site webhook → build', () => {
  let demo: DemoServer;
  let service: WebhookService;
  let root: string;
  afterAll(async () => {
    await service?.close();
    await demo?.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('rebuilds the site with the edited article, and the status says so', { timeout: 240_000 }, async () => {
    root = mkdtempSync(join(tmpdir(), 'fh-webhook-e2e-'));
    // The state says the site is up to date with the CMS's (empty) change log: no first full build.
    mkdirSync(join(root, '.fieldhouse'));
    writeFileSync(join(root, WEBHOOK_STATE_FILE), JSON.stringify({ builtSeq: 0, builtAt: '2026-11-20T00:00:00Z' }));
    demo = await startDemoServer({ dataset: generateDataset() });
    const lines: string[] = [];
    service = await startWebhookService({
      config: validateConfig({ siteUrl: 'https://www.example.edu', api: { baseUrl: demo.origin } }, 'test'),
      root,
      outDir: join(root, 'out'),
      secret: SECRET,
      port: 0,
      host: '127.0.0.1',
      debounceMs: 200,
      logger: createLogger({ write: (line) => lines.push(line), color: false }),
    });
    demo.cms.webhooks.add({ url: `${service.receiver.origin}/webhook`, secret: SECRET });

    const article = demo.dataset.articles.findLast((a) => a.status === 'published' && a.sport)!;
    const edited = await fetch(`${demo.origin}${demo.apiPrefix}/articles/${article.id}`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${DEMO_EDIT_TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'Hawks Win the Title on Game Day', body: '<p>Final: Hawks 3, Bulldogs 1.</p>' }),
    });
    expect(edited.status).toBe(200);
    await demo.cms.webhooks.idle();
    // The webhook was taken and queued; the build runs in the background.
    await new Promise((r) => setTimeout(r, 300));
    await service.queue.idle();

    const status = (await (await fetch(`${service.receiver.origin}/status`)).json()) as ReceiverStatus;
    expect(status.lastBuild, lines.join('\n')).toMatchObject({ ok: true, changes: 1 });
    expect(status.builtSeq).toBe(1);
    expect(status.lastError).toBeNull();
    const [page] = findFile(join(root, 'out', 'news'), `${article.slug}.html`);
    const html = readFileSync(page!, 'utf8');
    expect(html).toContain('Hawks Win the Title on Game Day');
    expect(html).toContain('Final: Hawks 3, Bulldogs 1.');
    expect(lines.filter((l) => l.includes('webhook chg_'))).toHaveLength(1);
    expect(lines.some((l) => /build #1 done in [\d.]+ s: [\d,]+ pages/.test(l))).toBe(true);
  });
});
