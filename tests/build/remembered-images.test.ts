import { describe, expect, it } from 'vitest';
import { rememberedImages } from '../../src/build/render/page-builder.ts';
import type { ImageInfo, ImageMap } from '../../src/images/variants.ts';

/**
 * A render thread's image answers, remembered for a build (src/build/render/page-builder.ts): the map the pipeline
 * would give for a page's URLs, key for key and in the same order, with only the URLs not answered before asked.
 */
describe('remembered image answers', () => {
  const infoOf = (url: string): ImageInfo => ({
    id: url.padEnd(16, '0').slice(-16),
    width: 800,
    height: 600,
    color: '#123456',
  });
  /** A pipeline as the build's answers (imageMap): info, null for a failed image, nothing for an unreadable one. */
  const pipeline = () => {
    const asked: string[][] = [];
    const lookup = (urls: string[]): Promise<ImageMap> => {
      asked.push(urls);
      const map: ImageMap = {};
      for (const url of new Set(urls)) {
        if (url.includes('broken')) map[url] = null;
        else if (!url.includes('unreadable')) map[url] = infoOf(url);
      }
      return Promise.resolve(map);
    };
    return { lookup, asked };
  };

  it('give each page the map the pipeline gives, in its order, asking only for URLs not answered before', async () => {
    const direct = pipeline();
    const remembered = pipeline();
    const ask = rememberedImages(remembered.lookup);
    const pages = [
      ['/media/a.jpg', '/media/b.jpg', '/media/broken.jpg'],
      ['/media/b.jpg', '/media/c.jpg', '/media/a.jpg', '/media/b.jpg'],
      ['/media/broken.jpg', '/media/a.jpg'],
      ['/media/c.jpg', '/media/b.jpg', '/media/a.jpg'],
    ];
    for (const urls of pages) {
      const got = await ask(urls);
      const want = await direct.lookup(urls);
      expect(JSON.stringify(got)).toBe(JSON.stringify(want));
    }
    // The failed image's null is an answer too: asked once, like the others.
    expect(remembered.asked).toEqual([['/media/a.jpg', '/media/b.jpg', '/media/broken.jpg'], ['/media/c.jpg']]);
  });

  it('ask again for a URL the pipeline left out, and never for a page whose URLs it answered', async () => {
    const { lookup, asked } = pipeline();
    const ask = rememberedImages(lookup);
    expect(await ask(['/media/unreadable.jpg', '/media/a.jpg'])).toEqual({ '/media/a.jpg': infoOf('/media/a.jpg') });
    expect(await ask(['/media/a.jpg', '/media/unreadable.jpg'])).toEqual({ '/media/a.jpg': infoOf('/media/a.jpg') });
    expect(await ask(['/media/a.jpg'])).toEqual({ '/media/a.jpg': infoOf('/media/a.jpg') });
    expect(asked).toEqual([['/media/unreadable.jpg', '/media/a.jpg'], ['/media/unreadable.jpg']]);
  });

  it('keep at most its number of URLs, forgetting the oldest first', async () => {
    const { lookup, asked } = pipeline();
    const ask = rememberedImages(lookup, 2);
    await ask(['/media/a.jpg', '/media/b.jpg']);
    await ask(['/media/c.jpg']);
    await ask(['/media/b.jpg', '/media/c.jpg']);
    expect(await ask(['/media/a.jpg', '/media/c.jpg'])).toEqual({
      '/media/a.jpg': infoOf('/media/a.jpg'),
      '/media/c.jpg': infoOf('/media/c.jpg'),
    });
    expect(asked).toEqual([['/media/a.jpg', '/media/b.jpg'], ['/media/c.jpg'], ['/media/a.jpg']]);
  });

  it('answer a page with the entries it had when its lookup began, when others are forgotten meanwhile', async () => {
    let release: () => void = () => undefined;
    const asked: string[][] = [];
    const slow = (urls: string[]): Promise<ImageMap> =>
      new Promise((resolve) => {
        asked.push(urls);
        release = () => resolve(Object.fromEntries(urls.map((url) => [url, infoOf(url)])));
      });
    const ask = rememberedImages(slow, 2);
    const first = ask(['/media/a.jpg']);
    release();
    await first;
    // /media/a.jpg is known; the answers for /media/b.jpg and /media/d.jpg forget it before this page's map is made.
    const page = ask(['/media/a.jpg', '/media/b.jpg', '/media/d.jpg']);
    release();
    expect(await page).toEqual({
      '/media/a.jpg': infoOf('/media/a.jpg'),
      '/media/b.jpg': infoOf('/media/b.jpg'),
      '/media/d.jpg': infoOf('/media/d.jpg'),
    });
    // It was forgotten: the next page asks for it again.
    const again = ask(['/media/a.jpg']);
    release();
    await again;
    expect(asked).toEqual([['/media/a.jpg'], ['/media/b.jpg', '/media/d.jpg'], ['/media/a.jpg']]);
  });
});
