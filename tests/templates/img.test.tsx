/**
 * How a template names an image (templates/ui/Img.tsx): in the build's variants when it encoded them, as it is when
 * it could not read it (boxed when no one knows its size), and not at all when the build could not get it.
 */
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { ImageMap, ImageSettings } from '../../src/images/variants.ts';
import { ImagesContext } from '../../templates/ui/images.ts';
import { Img } from '../../templates/ui/Img.tsx';

const settings: ImageSettings = { widths: [320, 640, 960], formats: ['avif', 'webp'], cdn: null };
const images: ImageMap = {
  '/media/photo/a.jpg': { id: '0123456789abcdef', width: 4000, height: 2667, color: '#336699' },
  '/media/photo/gone.jpg': null,
};
const render = (element: React.ReactNode) =>
  renderToString(
    <ImagesContext.Provider value={{ settings, find: (url) => images[url] }}>{element}</ImagesContext.Provider>,
  );
const photo = (url: string, size = true) => ({
  url,
  alt: 'A photo',
  width: size ? 1600 : null,
  height: size ? 1067 : null,
});

describe('Img', () => {
  it('names the variants, with the file’s size, and the colour behind an eager photo', () => {
    const html = render(<Img image={photo('/media/photo/a.jpg')} eager sizes="100vw" />);
    expect(html).toContain('<source type="image/avif" srcSet="/_site/img/0123456789abcdef-320.avif 320w');
    expect(html).toContain('src="/_site/img/0123456789abcdef-960.jpg"');
    expect(html).toContain('width="4000" height="2667"');
    expect(html).toContain('background-color:#336699');
    expect(html).not.toContain('/media/photo/a.jpg');
  });

  it('an image the build could not read is named as it is, in a reserved box when no size is known', () => {
    const html = render(<Img image={photo('/media/photo/odd.jpg', false)} />);
    expect(html).toMatch(/^<img src="\/media\/photo\/odd\.jpg"[^>]*data-unsized=""/);
    expect(html).not.toContain('<picture>');
  });

  it('an image the build could not get gives way to the fallback, or to nothing', () => {
    const fallback = {
      url: '/media/headshot/default-player.svg',
      alt: 'Player photo placeholder',
      width: 400,
      height: 500,
    };
    expect(render(<Img image={photo('/media/photo/gone.jpg')} fallback={fallback} />)).toContain(
      'src="/media/headshot/default-player.svg"',
    );
    expect(render(<Img image={photo('/media/photo/gone.jpg')} />)).toBe('');
  });
});
