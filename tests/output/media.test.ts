import { describe, expect, it } from 'vitest';
import { mediaIn } from '../../src/output/media.ts';

describe('mediaIn', () => {
  it('names each media file of a JSON text once, in the order first named', () => {
    const json = JSON.stringify({
      player: { headshot: '/media/headshot/a.jpg', team: { photo: '/media/photo/team.jpg' } },
      card: { image: '/media/headshot/a.jpg' },
      og: '/media/headshot/a.jpg',
      sponsor: '/media/sponsor/0.svg',
      outside: 'https://cdn.example.edu/media/x.jpg',
      query: '/media/photo/b.jpg?w=300',
    });
    expect(mediaIn(json)).toEqual(['/media/headshot/a.jpg', '/media/photo/team.jpg', '/media/sponsor/0.svg']);
  });

  it('finds what the regular expression it replaced finds, in texts made of the pieces that matter', () => {
    const reference = (json: string) => [
      ...new Set(Array.from(json.matchAll(/"(\/media\/[^"?#\\]+)"/g), (m) => m[1]!)),
    ];
    const pieces = ['"/media/', '"', '?', '#', '\\', 'a', 'b.jpg', '/', ',', ' ', '"/media'];
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) % pieces.length;
    for (let i = 0; i < 3000; i++) {
      const text = Array.from({ length: 1 + (i % 24) }, () => pieces[next()]).join('');
      expect(mediaIn(text), text).toEqual(reference(text));
    }
    // An empty name's closing quote may open the next one.
    expect(mediaIn('"/media/"/media/a.jpg"')).toEqual(['/media/a.jpg']);
  });
});
