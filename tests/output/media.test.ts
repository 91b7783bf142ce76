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
});
