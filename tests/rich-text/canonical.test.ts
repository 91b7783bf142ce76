import { describe, expect, it } from 'vitest';
import { createRandom, type Random } from '../../src/demo/random.ts';
import { isCanonicalRichText } from '../../src/rich-text/canonical.ts';
import { sanitizeRichText, sanitizeWithParser } from '../../src/rich-text/sanitize.ts';
import { demoDataset } from '../helpers/demo.ts';

/** Every string of the demo department that holds a closing tag: its rich-text fields. */
function demoRichText(): string[] {
  const seen = new Set<unknown>();
  const found = new Set<string>();
  const walk = (value: unknown) => {
    if (typeof value === 'string') {
      if (value.includes('</')) found.add(value);
      return;
    }
    if (!value || typeof value !== 'object' || seen.has(value)) return;
    seen.add(value);
    for (const item of Array.isArray(value) ? value : Object.values(value)) walk(item);
  };
  walk(demoDataset());
  return [...found];
}

const INLINE = ['strong', 'em', 'b', 'i', 'u', 's', 'small', 'sub', 'sup', 'mark', 'cite', 'code'];
const WORDS = ['Hawks', 'won', 'the', 'meet', '“Proud”', "team's", 'track &amp; field', '3 &lt; 4', 'a &gt; b', 'é–ü'];

/** A field the recogniser must accept: paragraphs, headings, quotes and lists of text and inline elements. */
function canonicalField(random: Random): string {
  const text = () => Array.from({ length: random.int(1, 6) }, () => random.pick(WORDS)).join(' ');
  const inline = (depth: number): string =>
    Array.from({ length: random.int(1, 3) }, () => {
      if (depth > 3 || random.chance(0.6)) return text();
      const tag = random.pick(INLINE);
      return `<${tag}>${inline(depth + 1)}</${tag}>`;
    }).join(random.pick(['', ' ', '\n']));
  const block = (): string => {
    switch (random.int(0, 3)) {
      case 0:
        return `<p>${inline(0)}</p>`;
      case 1: {
        const level = random.int(2, 6);
        return `<h${level}>${inline(0)}</h${level}>`;
      }
      case 2: {
        const list = random.pick(['ul', 'ol']);
        return `<${list}>${Array.from({ length: random.int(1, 4) }, () => `<li>${inline(0)}</li>`).join('')}</${list}>`;
      }
      default:
        return `<blockquote><p>${inline(0)}</p><footer>${inline(0)}</footer></blockquote>`;
    }
  };
  return Array.from({ length: random.int(1, 5) }, block).join(random.pick(['', '\n', '\n\n']));
}

/** What may make a field other than what sanitize-html writes, put somewhere in a canonical one. */
const DISTURBANCES = [
  '<br>', '<br />', '<hr>', '&nbsp;', '&quot;', '&#38;', '&amp', '&', '<', '>', '"', '\u0000', '\r', '\u0001',
  '<P>', '</p>', '<p>', '<li>', '</li>', '<h1>x</h1>', '<h2>', '<p class="x">', '<p >', '<a href="/news">x</a>',
  '<script>alert(1)</script>', '<img src=x onerror=alert(1)>', '<!-- note -->', '<![CDATA[x]]>', '<span>', '</>',
  '<>', '<ul>', '<blockquote>', '<footer>', '<table>', '<svg>', '<strong', 'strong>',
]; // prettier-ignore

function disturbed(random: Random, field: string): string {
  const at = random.int(0, field.length);
  return field.slice(0, at) + random.pick(DISTURBANCES) + field.slice(at);
}

describe('rich text already as the sanitiser writes it', () => {
  it('every field of the demo that is recognised comes back from sanitize-html unchanged, and most are', () => {
    const fields = demoRichText();
    const accepted = fields.filter(isCanonicalRichText);
    for (const field of accepted)
      expect(sanitizeWithParser(field)).toEqual({ html: field, removed: [], truncated: false });
    for (const field of fields) expect(sanitizeRichText(field)).toEqual(sanitizeWithParser(field));
    expect(fields.length).toBeGreaterThan(1000);
    expect(accepted.length / fields.length).toBeGreaterThan(0.9);
  });

  it('generated fields: the canonical ones pass unchanged, and disturbed ones clean as sanitize-html cleans them', () => {
    const random = createRandom('canonical rich text');
    let disturbedAccepted = 0;
    for (let i = 0; i < 1500; i++) {
      const field = canonicalField(random);
      expect(isCanonicalRichText(field), field).toBe(true);
      expect(sanitizeWithParser(field).html).toBe(field);
      const changed = disturbed(random, field);
      if (isCanonicalRichText(changed)) disturbedAccepted++;
      expect(sanitizeRichText(changed), changed).toEqual(sanitizeWithParser(changed));
    }
    // Some disturbances keep a field canonical (a quote mark in text, a whole paragraph): those were held too.
    expect(disturbedAccepted).toBeGreaterThan(0);
  });

  it('every UTF-16 code unit in a paragraph (and the first 256, a BOM and surrogates elsewhere) as sanitize-html writes it', () => {
    const changed: string[] = [];
    let accepted = 0;
    const check = (field: string, unit: number) => {
      if (!isCanonicalRichText(field)) return;
      accepted++;
      if (sanitizeWithParser(field).html !== field) changed.push(`U+${unit.toString(16)} in ${JSON.stringify(field)}`);
    };
    for (let unit = 0; unit < 0x10000; unit++) check(`<p>a${String.fromCharCode(unit)}b</p>`, unit);
    // All but `<`, `>`, `&` and the controls other than tab and newline.
    expect(accepted).toBe(0x10000 - 3 - 31);
    for (const unit of [...Array.from({ length: 0x100 }, (_, i) => i), 0xfeff, 0xd800, 0xdbff, 0xdc00, 0xdfff]) {
      const char = String.fromCharCode(unit);
      for (const field of [
        `${char}<h2>x</h2>`,
        `<ul><li>x</li>${char}<li>y</li></ul>`,
        `<blockquote>${char}</blockquote>`,
      ])
        check(field, unit);
    }
    expect(changed).toEqual([]);
  });

  it('refuses what htmlparser2 would close for the field or sanitize-html would write otherwise', () => {
    for (const field of [
      '<p>a<p>b</p></p>', // a paragraph opened in a paragraph closes it
      '<h2>a<p>b</p></h2>',
      '<ul><li>a<li>b</li></li></ul>',
      '<p>unclosed',
      '<p><strong>misnested</p></strong>',
      '<p>track & field</p>', // written back as &amp;
      '<p>a&nbsp;b</p>', // written back as the character
      '<p>1 Hawk Drive<br>Cedar Falls</p>', // written back as <br />
      '<P>capital</P>',
      '<p lang="en">attribute</p>',
      '<h1>renamed</h1>',
      `<p>${'<em>'.repeat(20)}deep${'</em>'.repeat(20)}</p>`,
    ]) {
      expect(isCanonicalRichText(field), field).toBe(false);
      expect(sanitizeRichText(field)).toEqual(sanitizeWithParser(field));
    }
    expect(sanitizeRichText('<p>Fast</p><script>alert(1)</script>')).toEqual({
      html: '<p>Fast</p>',
      removed: ['<script>'],
      truncated: false,
    });
  });
});
