import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DevServer } from '../../src/dev/server.ts';
import { createLogger } from '../../src/logger/logger.ts';
import { startDevOnCopy } from '../helpers/dev-project.ts';

const logged: string[] = [];
let copy: Awaited<ReturnType<typeof startDevOnCopy>>;
let dev: DevServer;

beforeAll(async () => {
  // A copy of the project (the test breaks a template, never the repository's own); no retries: an API that
  // fails, fails at once.
  copy = await startDevOnCopy(createLogger({ level: 'warn', write: (line) => logged.push(line) }), {
    fetch: { retries: 0 },
  });
  dev = copy.dev;
});

afterAll(() => copy?.close());

/**
 * Ask for a page until `done` holds for its answer: a change takes a moment to be bundled (longer on a machine
 * busy with other tests), and a page asked for while the code changes answers that it should be reloaded.
 */
async function until(path: string, done: (status: number, html: string) => boolean): Promise<string> {
  const deadline = Date.now() + 20_000;
  let last = '';
  while (Date.now() < deadline) {
    const response = await fetch(`${dev.url}${path}`);
    const html = await response.text();
    if (done(response.status, html)) return html;
    last = `${response.status}: ${html.slice(0, 300)}`;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`${path} never answered as expected; last ${last}`);
}

describe('site dev shows errors in the page and in the terminal', () => {
  it('shows an API failure with the error catalogue’s hint, and the page once the API answers again', async () => {
    dev.demo!.setFaults({ errorRate: 1, errorStatus: 500 });
    try {
      const response = await fetch(`${dev.url}/sports/football/roster`);
      const html = await response.text();
      expect(response.status).toBe(500);
      expect(html).toContain('id="fh-dev-overlay"');
      expect(html).toContain('answered 500');
      expect(html).toContain('Check that the API is up and that the record exists');
      expect(logged.join('\n')).toContain('Rendering /sports/football/roster failed');
    } finally {
      dev.demo!.setFaults({});
    }
    expect((await fetch(`${dev.url}/sports/football/roster`)).status).toBe(200);
  });

  it('shows a template that throws with its file and line, until the next good change', async () => {
    const footer = join(copy.project, 'templates/layout/Footer.tsx');
    const original = readFileSync(footer, 'utf8');
    const broken = original.replace(
      'export function Footer({ site }: { site: SiteData }) {',
      "export function Footer({ site }: { site: SiteData }) {\n  if (site) throw new Error('The footer broke');",
    );
    expect(broken).not.toBe(original);
    writeFileSync(footer, broken);
    try {
      // A render under way when the code changed answers "reload it" first: the footer's error comes after.
      const html = await until('/news', (status, page) => status === 500 && page.includes('The footer broke'));
      expect(html).toMatch(/id="fh-dev-location">at <code>[^<]*templates\/layout\/Footer\.tsx:\d+:\d+/);
      expect(logged.join('\n')).toContain('The footer broke');
    } finally {
      writeFileSync(footer, original);
    }
    await until('/news', (status, page) => status === 200 && !page.includes('fh-dev-overlay'));
  });
});

describe('site dev follows the config and public/', () => {
  it('renders with the new config after site.config.ts changes', async () => {
    const file = join(copy.project, 'site.config.ts');
    const original = readFileSync(file, 'utf8');
    writeFileSync(file, original.replace("primary: '#0b2545'", "primary: '#123456'"));
    try {
      await until('/news', (status, html) => status === 200 && html.includes('--c-primary:#123456'));
    } finally {
      writeFileSync(file, original);
    }
    await until('/news', (status, html) => status === 200 && html.includes('--c-primary:#0b2545'));
  });

  it('serves a file added to public/ as it is', async () => {
    writeFileSync(join(copy.project, 'public/dev-note.txt'), 'added while site dev runs\n');
    const response = await fetch(`${dev.url}/dev-note.txt`);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('added while site dev runs\n');
  });
});
