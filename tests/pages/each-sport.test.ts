import { describe, expect, it } from 'vitest';
import type { PageContext } from '../../src/pages/index.ts';
import { eachSport } from '../../src/pages/shared.ts';

/** A page context with only the sports a listing walks (eachSport reads nothing else). */
const withSports = (count: number) =>
  ({
    site: { sports: Array.from({ length: count }, (_, i) => ({ id: i + 1, slug: `sport-${i + 1}` })) },
  }) as unknown as PageContext;

describe('a listing over every sport (eachSport)', () => {
  it("gives each sport its answer in the sports' order, asking a few sports ahead, not all at once", async () => {
    const ctx = withSports(25);
    let inFlight = 0;
    let most = 0;
    const asked: number[] = [];
    const given: [number, string][] = [];
    // Later sports answer sooner: the order they come in is not the order the listing gives them in.
    const ask = async (sport: { id: number }) => {
      asked.push(sport.id);
      most = Math.max(most, ++inFlight);
      await new Promise((r) => setTimeout(r, 26 - sport.id));
      inFlight--;
      return `answer ${sport.id}`;
    };
    for await (const [sport, answer] of eachSport(ctx, ask)) {
      given.push([sport.id, answer]);
      // When a sport is given, the ones asked for are at most the 8 after it.
      expect(Math.max(...asked)).toBeLessThanOrEqual(sport.id + 8);
    }
    expect(given).toEqual(Array.from({ length: 25 }, (_, i) => [i + 1, `answer ${i + 1}`]));
    expect(asked).toEqual(Array.from({ length: 25 }, (_, i) => i + 1));
    expect(most).toBe(9);
  });

  it("throws a sport's failed answer at its turn, after the sports before it, and leaves none unhandled", async () => {
    const ctx = withSports(5);
    const given: number[] = [];
    const failing = eachSport(ctx, async (sport) => {
      if (sport.id === 3) throw new Error('sport 3: 503');
      return sport.id;
    });
    await expect(
      (async () => {
        for await (const [, answer] of failing) given.push(answer);
      })(),
    ).rejects.toThrow('sport 3: 503');
    expect(given).toEqual([1, 2]);

    // A listing stopped early (its first sport is enough) leaves the answers it asked for ahead, one failing, unread.
    const unhandled: unknown[] = [];
    const record = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', record);
    try {
      for await (const [sport] of eachSport(ctx, async (s) => {
        if (s.id === 4) throw new Error('never read');
        return s.id;
      }))
        if (sport.id === 1) break;
      await new Promise((r) => setTimeout(r, 20));
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', record);
    }
  });
});
