import { describe, expect, it } from 'vitest';
import { memoizedArticlePath, memoizedPictureOf } from '../../src/build/render/page-memos.ts';
import { pictureOf, type ImageSettings } from '../../src/images/variants.ts';
import { ROUTES } from '../../src/pages/index.ts';
import { createLinks } from '../../src/routes/links.ts';

/** The render threads' memos (src/build/render/page-memos.ts): the same answers as what they stand for, made once. */
describe('a render thread’s memos', () => {
  const SETTINGS: ImageSettings = { widths: [320, 640, 960, 1280, 1920], formats: ['avif', 'webp'], cdn: null };
  const info = { id: '0123456789abcdef', width: 1000, height: 800, color: '#102030' };

  it('make a picture once per image and settings, and give what pictureOf gives for any other', () => {
    const picture = memoizedPictureOf();
    const first = picture('/media/a.jpg', info, SETTINGS);
    expect(first).toEqual(pictureOf('/media/a.jpg', info, SETTINGS));
    // Another URL of the same file, its info a copy: the same object again.
    expect(picture('/media/copy-of-a.jpg', { ...info }, SETTINGS)).toBe(first);
    // Another size or colour read from the file, or other settings, is another picture.
    const others: [typeof info, ImageSettings][] = [
      [{ ...info, width: 640, height: 512 }, SETTINGS],
      [{ ...info, color: '#ffffff' }, SETTINGS],
      [info, { ...SETTINGS, formats: ['webp'] }],
    ];
    for (const [other, settings] of others) {
      expect(picture('/media/a.jpg', other, settings)).toEqual(pictureOf('/media/a.jpg', other, settings));
      expect(picture('/media/a.jpg', other, settings)).not.toBe(first);
    }
    // No info, or a CDN's: as pictureOf gives them.
    expect(picture('/media/logo.svg', undefined, SETTINGS)).toEqual({ src: '/media/logo.svg', sources: [] });
    const cdn = { ...SETTINGS, cdn: 'https://cdn.example.edu/{url}?w={width}' };
    expect(picture('/media/b.jpg', info, cdn)).toEqual(pictureOf('/media/b.jpg', info, cdn));
  });

  it('give each article its page: the date in the zone, the slug, null where the slug breaks the rules', () => {
    const article = memoizedArticlePath(createLinks(ROUTES).article);
    const late = { date: '2026-03-01T03:30:00Z', slug: 'late-win' };
    // Asked twice, in two zones, and for another slug of the same time: each answer its own.
    for (let round = 0; round < 2; round++) {
      expect(article(late, 'America/Chicago')).toBe('/news/2026/02/28/late-win');
      expect(article(late, 'UTC')).toBe('/news/2026/03/01/late-win');
      expect(article({ ...late, slug: 'other-story' }, 'America/Chicago')).toBe('/news/2026/02/28/other-story');
      expect(article({ ...late, slug: 'Not A Slug' }, 'America/Chicago')).toBeNull();
      expect(article({ date: '2026-03-01T12:00:00-06:00', slug: 'late-win' }, 'America/Chicago')).toBe(
        '/news/2026/03/01/late-win',
      );
    }
    // More articles than it keeps: every answer still right after it starts again.
    for (let i = 0; i < 50_500; i++) {
      const day = String((i % 28) + 1).padStart(2, '0');
      expect(article({ date: `2025-07-${day}T18:00:00Z`, slug: `story-${i}` }, 'UTC')).toBe(
        `/news/2025/07/${day}/story-${i}`,
      );
    }
    expect(article(late, 'America/Chicago')).toBe('/news/2026/02/28/late-win');
  });
});
