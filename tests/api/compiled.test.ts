/** The API's schemas as zod compiles them (src/api/compiled.ts): the same answers as zod's runtime parser, faster. */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { collectNotices, notice } from '../../src/api/boundary.ts';
import { compiled } from '../../src/api/compiled.ts';
import * as S from '../../src/api/schemas/index.ts';
import * as record from '../helpers/api-records.ts';

describe('compiled API schemas', () => {
  it('compile every schema of the contract but those that refer to themselves (menus)', () => {
    const refused: string[] = [];
    let schemas = 0;
    for (const [name, value] of Object.entries(S)) {
      if (!(value instanceof z.ZodType)) continue;
      schemas++;
      try {
        z.compile(value, { strict: true });
      } catch {
        refused.push(name);
      }
    }
    // A schema that stops compiling is parsed at zod's runtime speed, about half as fast: say which.
    expect(refused.sort()).toEqual(['MenuItem', 'SiteSettings']);
    expect(schemas).toBeGreaterThan(40);
  });

  it('are compiled once per schema', () => {
    const schema = z.object({ id: z.number() });
    expect(compiled(schema)).toBe(compiled(schema));
    expect(compiled(schema)).not.toBe(schema);
    // One zod cannot compile (it refers to itself) is given back as it is, and parses as before.
    const Tree: z.ZodType<{ children: unknown[] }> = z.lazy(() => z.object({ children: z.array(Tree) }));
    expect(compiled(Tree)).toBe(Tree);
    expect(compiled(Tree).parse({ children: [{ children: [] }] })).toEqual({ children: [{ children: [] }] });
  });

  it('say a notice once when the compiled parser hands the parse to the runtime, which runs a transform again', () => {
    let runs = 0;
    const schema = z.object({
      title: z.string().transform((title) => {
        runs++;
        notice(`title ${JSON.stringify(title)} was trimmed`);
        return title.trim();
      }),
      // Fails in the compiled parser, after the title's transform: zod runs the runtime parser for the issues.
      id: z.number(),
    });
    const body = { title: ' Hawks ', id: 'seven' };
    const { value, notices } = collectNotices(body, () => compiled(schema).safeParse(body));
    expect(value.success).toBe(false);
    expect(runs).toBe(2);
    expect(notices).toEqual(['title " Hawks " was trimmed']);
  });

  it('give the runtime parser’s data, notices and issues for messy records', () => {
    const player = record.player({});
    const event = record.event({});
    const cases: [z.ZodType, Record<string, unknown>][] = [
      [S.RosterPlayer, player],
      [S.RosterPlayer, { ...player, jersey_number: '#04', height: '6\' 2"', weight: 'heavy' }],
      [S.RosterPlayer, { ...player, bio: '<p onclick="x()">Guard.<script>alert(1)</script></p>', headshot: null }],
      [S.RosterPlayer, { ...player, social_links: [{ network: 'x', url: 'javascript:alert(1)' }] }],
      [S.RosterPlayer, { ...player, first_name: 7 }],
      [S.RosterPlayer, { ...player, id: -1, weight: 'heavy' }],
      [S.Event, event],
      [S.Event, { ...event, date: '2026-11-21', timezone: 'Mars/Olympus' }],
      [S.Event, { ...event, date: 'next Tuesday', timezone: 'Mars/Olympus' }],
      [S.Event, { ...event, location: null, opponent: { name: 'Owls' } }],
    ];
    let noticed = 0;
    let failed = 0;
    for (const [schema, body] of cases) {
      const runtime = collectNotices(body, () => schema.safeParse(body));
      const fast = collectNotices(body, () => compiled(schema).safeParse(body));
      expect(fast.notices).toEqual(runtime.notices);
      noticed += runtime.notices.length;
      if (!runtime.value.success) failed++;
      expect(fast.value.success).toBe(runtime.value.success);
      if (runtime.value.success) expect(fast.value.data).toEqual(runtime.value.data);
      else expect(fast.value.error!.issues).toEqual(runtime.value.error.issues);
    }
    // The cases say things and fail: the comparison is not of clean records only.
    expect(noticed).toBeGreaterThanOrEqual(3);
    expect(failed).toBeGreaterThanOrEqual(3);
  });
});
