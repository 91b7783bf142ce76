import { describe, expect, it } from 'vitest';
import { createRandom } from '../../src/demo/random.ts';
import { ignoreListOf, isNoise } from '../../runtime/error-noise.ts';
import { SAMPLING_KEY, samplingOf, sessionRolls } from '../../runtime/error-sampling.ts';
import { DEFAULT_SAMPLE_RATES } from '../../src/config/schema.ts';

/** A sessionStorage stand-in; `refuse` makes it throw as a privacy mode's does. */
function storage(refuse = false) {
  const items = new Map<string, string>();
  return {
    items,
    getItem(key: string) {
      if (refuse) throw new Error('SecurityError');
      return items.get(key) ?? null;
    },
    setItem(key: string, value: string) {
      if (refuse) throw new Error('SecurityError');
      items.set(key, value);
    },
  };
}

describe('which sessions load the error-reporting SDK from the start', () => {
  it('rolls once per tab session and keeps the rolls for its later pages', () => {
    const store = storage();
    const first = sessionRolls(store, () => 0.2);
    expect(first).toEqual({ traces: 0.2, replays: 0.2 });
    expect(JSON.parse(store.items.get(SAMPLING_KEY)!)).toEqual(first);
    expect(sessionRolls(store, () => 0.9)).toEqual(first);
  });

  it('rolls again when the kept value is damaged, and per page where storage is refused', () => {
    const store = storage();
    store.items.set(SAMPLING_KEY, '{"traces":7}');
    expect(sessionRolls(store, () => 0.5)).toEqual({ traces: 0.5, replays: 0.5 });
    expect(sessionRolls(storage(true), () => 0.3)).toEqual({ traces: 0.3, replays: 0.3 });
    expect(sessionRolls(null, () => 0.4)).toEqual({ traces: 0.4, replays: 0.4 });
  });

  it("keeps behaviour §1's rates: of 20,000 sessions about 25% traced, 10% replayed, the rest load it only at an error", () => {
    const random = createRandom('error-sampling').next;
    let traced = 0;
    let replayed = 0;
    let neither = 0;
    const sessions = 20_000;
    for (let i = 0; i < sessions; i++) {
      const sampling = samplingOf(DEFAULT_SAMPLE_RATES, sessionRolls(null, random));
      if (sampling.traced) traced++;
      if (sampling.replayed) replayed++;
      if (!sampling.traced && !sampling.replayed) neither++;
    }
    expect(traced / sessions).toBeCloseTo(0.25, 1);
    expect(replayed / sessions).toBeCloseTo(0.1, 1);
    // Independent rolls: 0.75 × 0.9 of sessions never download the SDK unless something fails.
    expect(neither / sessions).toBeCloseTo(0.675, 1);
  });

  it('a rate of 0 samples no session and a rate of 1 every session', () => {
    const rolls = { traces: 0, replays: 0.999 };
    expect(samplingOf({ ...DEFAULT_SAMPLE_RATES, traces: 0, replays: 1 }, rolls)).toMatchObject({
      traced: false,
      replayed: true,
    });
  });
});

describe('what does not load the SDK at a first error', () => {
  const ignore = ignoreListOf(['/^Blocked by the seat map/', 'widget exploded']);
  it.each([
    [new Error('ResizeObserver loop completed with undelivered notifications'), undefined, true],
    ['Script error.', undefined, true],
    [new Error('Blocked by the seat map (x)'), undefined, true],
    [new TypeError('the widget exploded on load'), undefined, true],
    [new Error('the scoreboard broke'), 'chrome-extension://abc/content.js', true],
    [new Error('the scoreboard broke'), 'https://hawks.example/_site/assets/boot.js', false],
    [new TypeError("Cannot read properties of undefined (reading 'score')"), undefined, false],
  ])('%s from %s is noise: %s', (error, source, expected) => expect(isNoise(error, ignore, source)).toBe(expected));
});
