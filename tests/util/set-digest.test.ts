import { describe, expect, it } from 'vitest';
import { createSetDigest } from '../../src/util/set-digest.ts';

const digestOf = (entries: string[][]) => {
  const digest = createSetDigest();
  for (const entry of entries) digest.add(...entry);
  return digest.hex();
};

describe('the set digest', () => {
  const a = [
    ['/news', 'd1'],
    ['/roster', 'd2'],
  ];
  const b = [['/schedule', 'd3']];

  it('is the same in any order, and differs with any entry', () => {
    expect(digestOf([...a, ...b])).toBe(digestOf([...b, ...a].reverse()));
    expect(digestOf(a)).not.toBe(digestOf([...a, ...b]));
    expect(digestOf([['/news', 'd1']])).not.toBe(digestOf([['/news', 'd2']]));
  });

  it('merges the digest of another set, and takes an entry out when it is added again', () => {
    const merged = createSetDigest(digestOf(a));
    merged.merge(digestOf(b));
    expect(merged.hex()).toBe(digestOf([...a, ...b]));
    // What an incremental build does: the previous pages' digest, less a page that changed, plus its new version.
    const next = createSetDigest(digestOf([...a, ...b]));
    next.add('/roster', 'd2');
    next.add('/roster', 'd9');
    expect(next.hex()).toBe(digestOf([a[0]!, ['/roster', 'd9'], ...b]));
    expect(() => merged.merge('not hex')).toThrow(/Not a set digest/);
  });
});
