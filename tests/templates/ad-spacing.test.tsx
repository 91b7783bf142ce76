import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { adSlots, RichText, splitTopLevel } from '../../templates/ui/RichText.tsx';

describe('ad spacing (site settings *_ad_interval and *_ad_shift)', () => {
  it('places a zone after every `interval` items, starting `shift` items later; 0 means none', () => {
    expect([...adSlots(10, 0, 0)]).toEqual([]);
    expect([...adSlots(10, 3, 0)]).toEqual([3, 6, 9]);
    expect([...adSlots(10, 3, 1)]).toEqual([4, 7]);
    expect([...adSlots(3, 3, 0)]).toEqual([]); // never after the last item
    expect([...adSlots(5, 2, 10)]).toEqual([]);
  });

  it('splits rich text into its top-level elements and puts the zones between them', () => {
    const html = Array.from({ length: 7 }, (_, i) => `<p>Paragraph <em>${i}</em><br></p>`).join('\n');
    expect(splitTopLevel(html)).toHaveLength(7);
    const out = renderToString(
      <RichText html={html} ad={{ zone: 'zone-1', interval: 2, shift: 1, label: 'Advertisement' }} />,
    );
    const order = [...out.matchAll(/data-ad-zone="zone-1"|Paragraph <em>(\d)/g)].map((m) => m[1] ?? 'AD');
    expect(order).toEqual(['0', '1', '2', 'AD', '3', '4', 'AD', '5', '6']);
  });

  it('never puts a zone between a heading and the text under it', () => {
    const html = '<p>2021-22</p><h3>Before Cedar Valley</h3><p>Prep career</p><h3>Personal</h3><p>Majoring</p>';
    const out = renderToString(
      <RichText html={html} ad={{ zone: 'zone-1', interval: 2, shift: 0, label: 'Advertisement' }} />,
    );
    const order = [...out.matchAll(/data-ad-zone="zone-1"|<(?:p|h3)>([^<]+)/g)].map((m) => m[1] ?? 'AD');
    // Slots after items 2 and 4 (each after a heading) move past the paragraph the heading heads; the second,
    // with nothing after it, is dropped.
    expect(order).toEqual(['2021-22', 'Before Cedar Valley', 'Prep career', 'AD', 'Personal', 'Majoring']);
  });

  it('leaves the text whole without a zone or an interval', () => {
    const html = '<p>One</p><p>Two</p>';
    expect(
      renderToString(<RichText html={html} ad={{ zone: null, interval: 1, shift: 0, label: 'Ad' }} />),
    ).not.toContain('data-ad-zone');
    expect(
      renderToString(<RichText html={html} ad={{ zone: 'z', interval: 0, shift: 0, label: 'Ad' }} />),
    ).not.toContain('data-ad-zone');
  });
});
