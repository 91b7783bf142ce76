// A thread's messages batched per turn of its event loop (src/util/batch.ts), and sent at once when a message that
// must come after them is about to go.
import { describe, expect, it } from 'vitest';
import { batched } from '../../src/util/batch.ts';

const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('batched items', () => {
  it('go out together at the end of the turn they were handed in', async () => {
    const sent: number[][] = [];
    const add = batched<number>((items) => sent.push(items));
    add(1);
    add(2);
    expect(sent).toEqual([]);
    await turn();
    expect(sent).toEqual([[1, 2]]);
    add(3);
    await turn();
    expect(sent).toEqual([[1, 2], [3]]);
  });

  it('go out at once when flushed, before what is sent next, and the end of the turn sends only what came after', async () => {
    const sent: string[] = [];
    const add = batched<string>((items) => sent.push(`batch ${items.join(',')}`));
    add('a');
    add('b');
    add.flush();
    sent.push('reply');
    add('c');
    add.flush();
    add.flush();
    expect(sent).toEqual(['batch a,b', 'reply', 'batch c']);
    add('d');
    await turn();
    await turn();
    expect(sent).toEqual(['batch a,b', 'reply', 'batch c', 'batch d']);
  });
});
