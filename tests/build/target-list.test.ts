import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openTargetList, sortedTargetLines, targetListText } from '../../src/build/deps/target-list.ts';

const work = mkdtempSync(join(tmpdir(), 'fh-target-list-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** A seeded generator of site paths, with the characters whose order or JSON differ from their bytes'. */
function paths(seed: number, count: number): string[] {
  let state = seed;
  const next = () => (state = (state * 1103515245 + 12345) % 2 ** 31);
  const parts = ['news', 'a', 'b', 'é', '日本', '\u{1F3C8}', '\uFF21', '"q"', 'back\\slash', 'tab\t', '-', '_', '2026'];
  return Array.from({ length: count }, () => {
    let path = '';
    for (let i = 0, n = 1 + (next() % 4); i < n; i++) path += `/${parts[next() % parts.length]}`;
    return next() % 7 === 0 ? `${path}/` : path;
  });
}

describe('the build cache list of link targets', () => {
  it('finds each target it holds, and none it does not, in lists of any size', () => {
    for (const size of [0, 1, 2, 3, 10, 500]) {
      const held = [...new Set(paths(size + 1, size))].sort();
      const list = openTargetList(Buffer.from(targetListText(held)));
      for (const target of held) expect(list.has(target)).toBe(true);
      for (const target of paths(size + 1000, 200)) expect(list.has(target)).toBe(held.includes(target));
      expect(list.has('')).toBe(false);
    }
  });

  it('writes itself with targets added and removed, as the whole list sorted and written again would be', () => {
    for (const seed of [1, 2, 3, 4, 5]) {
      const held = [...new Set(paths(seed, 300))].sort();
      const list = openTargetList(Buffer.from(targetListText(held)));
      // Added: some it holds (ignored), many it does not, twice over; removed: some it holds, some it does not.
      const added = [...paths(seed + 100, 150), ...held.slice(0, 20), ...paths(seed + 100, 10)];
      const removed = [...held.filter((_, i) => i % 9 === seed % 9), ...paths(seed + 200, 20)];
      const file = join(work, `list-${seed}`);
      const written = list.writeWith(file, added, removed);
      const gone = new Set(removed);
      const expected = [...new Set([...held.filter((t) => !gone.has(t)), ...added.filter((t) => !held.includes(t))])];
      // A target both added and removed: added (the list did not hold it) or removed (it did).
      const want = expected.filter((t) => !(held.includes(t) && gone.has(t))).sort();
      expect(readFileSync(file, 'utf8')).toBe(targetListText(want));
      expect(written.toString('utf8')).toBe(targetListText(want));
      // The list written is one the next build can search.
      const again = openTargetList(written);
      for (const target of want) expect(again.has(target)).toBe(true);
    }
  });

  it('adds before the first line and after the last, and removes both ends', () => {
    const list = openTargetList(Buffer.from(targetListText(['/b', '/c', '/d'])));
    const file = join(work, 'ends');
    expect(list.writeWith(file, ['/a', '/e'], ['/b', '/d']).toString()).toBe(targetListText(['/a', '/c', '/e']));
    expect(list.writeWith(file, ['/bb'], ['/b']).toString()).toBe(targetListText(['/bb', '/c', '/d']));
    expect(list.writeWith(file, [], []).toString()).toBe(targetListText(['/b', '/c', '/d']));
    expect(openTargetList(Buffer.alloc(0)).writeWith(file, ['/z', '/y'], ['/x']).toString()).toBe(
      targetListText(['/y', '/z']),
    );
  });

  it('is sorted on disk for a full build, in runs, as the whole list in memory would be, odd targets and all', () => {
    // Beside the usual paths: a prefix and a longer target whose next character sorts below the quote (`!`, a
    // space), a newline, a control character, a lone surrogate: their JSON does not sort as they do.
    const odd = [
      '/a',
      '/a!',
      '/a /b',
      '/a\n',
      '/a\u0001',
      '/a\uD800',
      '/a\uDC00x',
      '/a\u{1F3C8}',
      '/a"',
      '/a\\',
      '/\uFFFF',
    ];
    for (const [seed, runChars] of [
      [1, 40],
      [2, 400],
      [3, 1 << 20],
    ] as const) {
      const targets = [...paths(seed, 2_000), ...odd];
      const scratch = join(work, `sorted-${seed}`);
      const lines = [...sortedTargetLines(new Set(targets), scratch, runChars)];
      const want = [...new Set(targets)].sort();
      expect(lines.map((line) => `${line}\n`).join('')).toBe(targetListText(want));
      // The next build searches the list as written; the runs are gone.
      const list = openTargetList(Buffer.from(targetListText(want)));
      for (const target of odd) expect(list.has(target)).toBe(true);
      expect(readdirSync(work).filter((name) => name.startsWith(`sorted-${seed}`))).toEqual([]);
    }
  });
});
