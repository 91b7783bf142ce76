/**
 * The demo CMS's answers, made once per version of its content (a build after an edit asks for every list again):
 * each list record's JSON kept (wire.ts, createWireJson), each filtered list kept and the search index made at the
 * first search (routes.ts). Kept answers must be the bytes the plain path writes, and an edit must drop them all.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_EDIT_TOKEN } from '../../src/demo/cms/cms.ts';
import { generateDataset, type Dataset } from '../../src/demo/dataset.ts';
import { startDemoServer, type DemoServer } from '../../src/demo/server/server.ts';
import { createWireJson, wireShapes } from '../../src/demo/server/wire.ts';

describe('an answer written with its records kept', () => {
  const dataset = generateDataset();
  const events = dataset.events.slice(0, 40);
  const roster = dataset.rosters[0]!;
  const list = (data: unknown[], extra: object = {}) => ({
    data,
    meta: { pagination: { total: data.length, count: data.length, per_page: 40, current_page: 1, total_pages: 1 } },
    ...extra,
  });
  const answers: [string, unknown][] = [
    // Events and roster players have wire shapes of their own (dates without seconds, weights as printed…).
    ['a list of events', list(events)],
    ['a list of roster players', list(roster.players)],
    ['a list of articles', list(dataset.articles.slice(0, 30))],
    ['the same record twice, and items that are not records', list([events[0], events[0], null, 3, 'x', [events[1]]])],
    ['a list with a third key', list(events.slice(0, 3), { links: { next: null } })],
    ['a roster (not a list)', roster],
    ['an array', events.slice(0, 5)],
    ['a single record', { data: events[2] }],
    ['null', null],
  ];

  it.each(answers)('%s: the bytes JSON.stringify writes, the first time and the next', (_name, answer) => {
    const wire = createWireJson();
    const plain = JSON.stringify(answer, wireShapes);
    expect(wire.json(answer)).toBe(plain);
    expect(wire.json(answer)).toBe(plain);
  });

  it('writes a record edited in place as it is now once told to forget', () => {
    const wire = createWireJson();
    const record = { ...dataset.articles[0]! };
    const answer = list([record]);
    expect(wire.json(answer)).toContain(JSON.stringify(record.title));
    record.title = 'A title edited in place';
    wire.forget();
    expect(wire.json(answer)).toBe(JSON.stringify(answer, wireShapes));
    expect(wire.json(answer)).toContain('A title edited in place');
  });
});

describe('the demo CMS answers what was edited, in every list that holds it', () => {
  let dataset: Dataset;
  let demo: DemoServer;
  const api = (path: string) => `${demo.origin}${demo.apiPrefix}${path}`;
  const get = async (path: string) =>
    (await (await fetch(api(path))).json()) as { data: { id: number; title: string }[] };
  const write = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(api(path), {
      method,
      headers: { authorization: `Bearer ${DEMO_EDIT_TOKEN}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    expect(res.status, `${method} ${path}`).toBeLessThan(300);
    return (await res.json()) as { data: { id: number } };
  };

  beforeAll(async () => {
    // Edits change the dataset: this file has one of its own.
    dataset = generateDataset();
    demo = await startDemoServer({ dataset });
  });
  afterAll(() => demo.close());

  it('an edited title, a new article and a deleted one, in the site, sport, year and search lists', async () => {
    const article = dataset.articles.findLast((a) => a.status === 'published' && a.sport !== null)!;
    const sport = article.sport!.id;
    const year = article.date.slice(0, 4);
    const lists = [
      '/articles?per_page=100',
      `/articles?sport_id=${sport}&per_page=100`,
      `/articles?year=${year}&per_page=100`,
      `/articles?sport_id=${sport}&year=${year}&per_page=100`,
    ];
    const titleIn = async (path: string, id: number) => (await get(path)).data.find((a) => a.id === id)?.title;
    // Every list (and the search index) made and kept before the edits.
    for (const path of lists) expect(await titleIn(path, article.id), path).toBe(article.title);
    expect((await get(`/search?s=${encodeURIComponent(article.title)}`)).data.length).toBeGreaterThan(0);

    await write('PATCH', `/articles/${article.id}`, { title: 'Hawks Edit Their Headline' });
    for (const path of lists) expect(await titleIn(path, article.id), path).toBe('Hawks Edit Their Headline');
    const found = await get('/search?s=Hawks%20Edit%20Their%20Headline');
    expect(found.data.map((r) => r.id)).toContain(article.id);

    const made = await write('POST', '/articles', {
      title: 'Hawks Add a Late Game',
      summary: 'One more.',
      body: '<p>One more.</p>',
      date: article.date,
      sport_id: sport,
      status: 'published',
    });
    for (const path of lists) expect(await titleIn(path, made.data.id), path).toBe('Hawks Add a Late Game');
    const other = dataset.sports.find((s) => s.id !== sport)!.id;
    expect(await titleIn(`/articles?sport_id=${other}&per_page=100`, made.data.id)).toBeUndefined();

    await write('DELETE', `/articles/${made.data.id}`);
    for (const path of lists) expect(await titleIn(path, made.data.id), path).toBeUndefined();
  });
});
