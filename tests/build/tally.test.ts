import { describe, expect, it } from 'vitest';
import { createPageTally } from '../../src/build/deps/tally.ts';

describe('createPageTally: how many pages name each medium and chrome', () => {
  it('counts pages in and out, forgets what no page names, and adds up two tallies', () => {
    const kept = createPageTally({
      media: [
        ['/media/a.jpg', 2],
        ['/media/gone.jpg', 0],
      ],
      chromes: [['c1', 3]],
    });
    // A page that is not kept takes its media and chrome away; what no page names any more is not listed.
    kept.remove(['/media/a.jpg'], 'c1');
    kept.remove(['/media/a.jpg'], 'c1');
    expect([...kept.media()]).toEqual([]);
    expect([...kept.chromes()]).toEqual([['c1', 1]]);

    const written = createPageTally();
    written.add(['/media/a.jpg', '/media/b.jpg'], 'c2');
    written.add(['/media/b.jpg'], 'c1');
    written.merge(kept);
    expect(Object.fromEntries(written.media())).toEqual({ '/media/a.jpg': 1, '/media/b.jpg': 2 });
    expect(Object.fromEntries(written.chromes())).toEqual({ c1: 2, c2: 1 });
  });
});
