import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createRandom } from '../../src/demo/random.ts';
import {
  brokenLinks,
  createLinkFinder,
  createLinkLedger,
  internalLinks,
  targetsServedBy,
  UNHELD,
} from '../../src/build/links.ts';

const SITE = 'https://www.cedarvalleyhawks.example';
const out = mkdtempSync(join(tmpdir(), 'fh-links-'));
/** The ledgers' files: beside the output checked, not in it. */
const scratch = mkdtempSync(join(tmpdir(), 'fh-links-ledger-'));
afterAll(() => {
  rmSync(out, { recursive: true, force: true });
  rmSync(scratch, { recursive: true, force: true });
});
let ledgers = 0;
const newLedger = () => createLinkLedger(join(scratch, `targets-${ledgers++}.jsonl`));

describe('the link check', () => {
  it('finds the site paths a page links to, decoded, without query or fragment', () => {
    const html = [
      '<a href="/news?page=2#top">',
      `<link rel="canonical" href="${SITE}/sports/football">`,
      '<a href="https://elsewhere.example/x">',
      '<a href="//cdn.example/y">',
      '<a href="mailto:a@b.example">',
      '<a href="/caf%C3%A9">',
      '<a href="/search?s=a&amp;b">',
      '<a href="/tom&amp;jerry">',
      `<a href="${SITE}">`,
      `<a href="${SITE}.elsewhere.example/z">`,
      '<a\nhref="/line">',
      '<a\u00a0href="/nbsp">',
      '<a data-href="/not-an-href">',
      '<a href="/unclosed',
    ].join('');
    expect(internalLinks(html, SITE).sort()).toEqual([
      '/',
      '/café',
      '/line',
      '/nbsp',
      '/news',
      '/search',
      '/sports/football',
      '/tom&jerry',
    ]);
  });

  it("splits a page's links into its own (inside <main>) and its chrome's, each chrome reported once by id", () => {
    const find = createLinkFinder(SITE);
    const page = (own: string, nav: string) =>
      `<nav>${nav}</nav><main id="main">${own}</main><footer><a href="/about"></footer>`;
    // The page's link to itself (its canonical URL) is not part of its chrome: every page would have its own.
    const first = find(
      page('<a href="/news/1">', `<link rel="canonical" href="${SITE}/a"><a href="/news"><a href="/tickets">`),
      '/a',
    );
    expect(first.own).toEqual(['/news/1']);
    expect(first.chromeLinks).toEqual(['/about', '/news', '/tickets']);
    // Another page with the same chrome: only its own links, and the chrome's id.
    const second = find(
      page(
        '<a href="/news/2"><a href="/news">',
        `<link rel="canonical" href="${SITE}/b"><a href="/tickets"><a href="/news">`,
      ),
      '/b',
    );
    expect(second).toEqual({ own: ['/news/2', '/news'], chrome: first.chrome, chromeLinks: null });
    // And again in the first page's order (the finder knows that order's id without sorting).
    const again = find(page('', `<a href="/news"><a href="/tickets">`), '/e');
    expect(again).toEqual({ own: [], chrome: first.chrome, chromeLinks: null });
    // Another chrome (a sport's menu) has another id, reported with its links.
    const third = find(page('', '<a href="/sports/football">'), '/c');
    expect(third.chrome).not.toBe(first.chrome);
    expect(third.chromeLinks).toEqual(['/about', '/sports/football']);
    // A document without <main>: every link is its own.
    expect(find('<a href="/x">', '/d').own).toEqual(['/x']);
  });

  it('finds, after other pages, what a fresh finder finds in each page', () => {
    const document = (head: string, header: string, own: string, footer: string) =>
      `<html><head>${head}</head><body>${header}<main id="main">${own}</main>${footer}</body></html>`;
    const pages = [
      [
        '/a',
        document('<link href="/feed.xml">', '<a href="/news"><a href="/a">', '<a href="/x">', '<a href="/about">'),
      ],
      // The same header: the same chrome as the first page's, but for the head's and the footer's links.
      ['/b', document('<link href="/about">', '<a href="/news"><a href="/a">', '<a href="/news">', '<a href="/z">')],
      // Another header of the same length, then the first again.
      ['/c', document('', '<a href="/team"><a href="/c">', '', '<a href="/news">')],
      ['/d', document('', '<a href="/news"><a href="/a">', '<a href="/d">', '')],
      // A value that runs past <main> (not what React writes, but the text alone would not tell the links then).
      ['/e', document('', '<a href="/odd<main>', '<a href="/y">', '')],
      ['/f', document('', '<a href="/odd<main>', '<a href="/y">', '<a href="/w">')],
      // A long header, twice.
      ['/g', document('', `<a href="/long">${' '.repeat(70_000)}`, '', '')],
      ['/h', document('', `<a href="/long">${' '.repeat(70_000)}`, '<a href="/h2">', '')],
    ] as const;
    const remembering = createLinkFinder(SITE);
    for (const [self, html] of pages) {
      // A fresh finder for each page reads every link of it (a chrome's id is the digest of its sorted links).
      const fresh = createLinkFinder(SITE)(html, self);
      const found = remembering(html, self);
      expect([found.own, found.chrome]).toEqual([fresh.own, fresh.chrome]);
    }
    const again = createLinkFinder(SITE);
    const [, b] = pages[1];
    again(pages[0][1], '/a');
    const found = again(b, '/b');
    expect(found.own).toEqual(['/news']);
    expect(found.chromeLinks).toEqual(['/a', '/about', '/news', '/z']);
  });

  it("reads a document's pieces as the document they make, cut anywhere", () => {
    const documents = [
      `<html><head><link href="/feed.xml"></head><body><a href="/news"><a href="/a"><main id="main"><a href="/x">` +
        `<a href="${SITE}/caf%C3%A9?x#y"></main><a href="/about"></body></html>`,
      '<html><head></head><body><a href="/odd<main>"><main><a href="/y"></main>unclosed <a href="/w',
      '<a href="/no-main"> <a href="/two">',
      `<html><head></head><body><nav>${'<a href="/n">'.repeat(50)}</nav><main>–<a href="/m"></main></main></body></html>`,
    ];
    const random = createRandom('link-finder-pieces');
    const int = (below: number) => random.int(0, below - 1);
    let compared = 0;
    for (const html of documents) {
      const expected = createLinkFinder(SITE)(html, '/self');
      // Cut in two at every place, then at random places into up to ten pieces (empty ones among them).
      const cuts = [...Array(html.length + 1).keys()].map((at) => [html.slice(0, at), html.slice(at)]);
      for (let round = 0; round < 300; round++) {
        const places = Array.from({ length: 1 + int(9) }, () => int(html.length + 1)).sort((a, b) => a - b);
        cuts.push([...places, html.length].map((at, i) => html.slice(i === 0 ? 0 : places[i - 1], at)));
      }
      for (const pieces of cuts) {
        expect(pieces.join('')).toBe(html);
        expect(createLinkFinder(SITE)(pieces, '/self')).toEqual(expected);
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(1_000);
  });

  it('reads the shared pieces once and leaves the data out, finding what reading every piece finds', () => {
    const header = '<header><a href="/news"><a href="/tickets"><nav><a href="/about"></nav></header>';
    const footer = `<footer><a href="${SITE}/contact"><a href="/self"></footer>`;
    const data = '{"body":"<p>x</p>","href":"/in-data"}';
    // The document as a page's is: head, hints, the page's markup with the chrome spliced in, its data, its end.
    const page = (main: string, chrome = { header, footer }) => [
      '<html><head><link rel="canonical" href="/self"></head><body><div id="app">',
      '<link rel="preload" as="image" href="/media/a.jpg"/>',
      '<div class="site">',
      chrome.header,
      `<main id="main">${main}</main>`,
      chrome.footer,
      '</div></div><script type="application/json" id="__FH_PAYLOAD__">',
      data,
      '</script></body></html>',
    ];
    const known = { shared: [header, footer], data };
    // Each case: its pieces, and the pieces it says are shared besides the header and footer.
    const cases: [name: string, pieces: string[], alsoShared: string[]][] = [
      ['a page', page('<a href="/x"><a href="/news">'), []],
      ['another page, the same chrome', page('<a href="/y">'), []],
      // The view cannot tell these: read whole, as any pieces.
      ['a shared piece inside <main>', ['<main><a href="/m">', header, '<a href="/n"></main>', footer], []],
      ['a value that runs into a shared piece', ['<main></main><a href="/open', header, footer], []],
      ['a value closed after a shared piece', ['<main></main><a href="/open', header, '<a href="/z">', footer], []],
      ['a page without <main>', ['<a href="/x">', header, footer], []],
      // Shared pieces that are read where they are: what they hold depends on what is around them.
      [
        'a shared piece opening <main>',
        ['<main><i href="/p">', '<main><a href="/m"></main>', footer],
        ['<main><i href="/p">'],
      ],
      [
        'a shared piece closing it',
        ['<main><a href="/m"></main>', '<i href="/p"></main>', footer],
        ['<i href="/p"></main>'],
      ],
      [
        'a shared piece that is not whole markup',
        page('<a href="/x">', { header: 'text <a href="/t">', footer }),
        ['text <a href="/t">'],
      ],
      ['an href that runs into a shared piece', ['<main></main><a h', 'ref="/x">', footer], ['ref="/x">']],
      ['an href that runs out of one', ['<main></main>', '<a h', 'ref="/y">', footer], ['<a h']],
      ['a shared piece with a value left open', page('', { header: '<a href="/open>', footer }), ['<a href="/open>']],
    ];
    for (const [name, pieces, alsoShared] of cases) {
      const shared = [...known.shared, ...alsoShared];
      const expected = createLinkFinder(SITE)(pieces, '/self');
      const remembering = createLinkFinder(SITE);
      expect(remembering(pieces, '/self', { shared, data }), name).toEqual(expected);
      // Again, with what the finder remembers of the shared pieces (the chrome is reported once).
      const again = remembering(pieces, '/self', { shared, data });
      expect([again.own, again.chrome, again.chromeLinks], `${name}, again`).toEqual([
        expected.own,
        expected.chrome,
        null,
      ]);
    }
    // What the finder knows of the pieces changes nothing but the work, wherever the other pieces are cut.
    const whole = page('<a href="/x"><a href="/news">').join('');
    const random = createRandom('link-finder-known');
    for (let round = 0; round < 200; round++) {
      const pieces = page('<a href="/x"><a href="/news">').flatMap((piece) => {
        if (piece === header || piece === footer || piece === data) return [piece];
        const at = random.int(0, piece.length);
        return [piece.slice(0, at), piece.slice(at)];
      });
      expect(pieces.join('')).toBe(whole);
      expect(createLinkFinder(SITE)(pieces, '/self', known)).toEqual(createLinkFinder(SITE)(whole, '/self'));
    }
    // The data is JSON: an `href="` in its text closes a string, and what follows it (`,`, `:`, `}` or `]`) is no
    // path, so leaving it out finds the same.
    const json = JSON.stringify({ 'a href=': ['x href=', 'y href="/not"'], b: { 'c href=': 'd' } });
    const withJson = page('<a href="/x">').map((piece) => (piece === data ? json : piece));
    expect(createLinkFinder(SITE)(withJson, '/self', { shared: [header, footer], data: json })).toEqual(
      createLinkFinder(SITE)(withJson, '/self'),
    );
    expect(createLinkFinder(SITE)(withJson, '/self').chromeLinks).toEqual([
      '/about',
      '/contact',
      '/media/a.jpg',
      '/news',
      '/tickets',
    ]);
  });

  it("the ledger takes a chrome's links once, from the page or (a kept page) from the build cache", () => {
    const ledger = newLedger();
    ledger.addPage('/a', { own: ['/x'], chrome: 'c1', chromeLinks: ['/news'] });
    ledger.addPage('/b', { own: ['/y'], chrome: 'c1', chromeLinks: null });
    ledger.addPage('/c', { own: [], chrome: 'c2', chromeLinks: null }, (id) =>
      id === 'c2' ? ['/tickets'] : undefined,
    );
    expect(new Map(ledger.entries())).toEqual(
      new Map([
        ['/x', '/a'],
        ['/news', '/a'],
        ['/y', '/b'],
        ['/tickets', '/c'],
      ]),
    );
    expect(ledger.chromes()).toEqual(
      new Map([
        ['c1', ['/news']],
        ['c2', ['/tickets']],
      ]),
    );
    expect(() => ledger.addPage('/d', { own: [], chrome: 'c3', chromeLinks: null })).toThrow(/c3/);
  });

  it("names each target's first holder through many pages, an unheld target taken by the first page naming it", () => {
    const random = createRandom('link-ledger');
    const ledger = newLedger();
    const model = new Map<string, string>();
    // Targets as the check meets them in hostile pages too: a quote, a backslash, a newline, a lone surrogate.
    const odd = (i: number) => (i % 2 ? `/q"\\${i}\n` : `/x\ud800${i}`);
    const targets = Array.from({ length: 3_000 }, (_, i) =>
      i % 50 === 0 ? `/café/${i}` : i % 75 === 1 ? odd(i) : `/news/${i}`,
    );
    for (let page = 0; page < 2_000; page++) {
      const path = `/page/${random.int(0, 999)}`; // a page may come again (a build renders a page once, a test may not)
      if (random.chance(0.05)) {
        const unheld = random.sample(targets, 20);
        ledger.addUnheld(unheld);
        for (const target of unheld) if (!model.has(target)) model.set(target, UNHELD);
      }
      const own = random.sample(targets, random.int(0, 12));
      ledger.add(path, own);
      for (const target of own) if (!model.get(target)) model.set(target, path);
    }
    expect(ledger.size).toBe(model.size);
    expect(new Map(ledger.entries())).toEqual(model);
    expect([...ledger.targets()].sort()).toEqual([...model.keys()].sort());
    // The check forgets the unheld targets no kept page holds: the ledger is then closed to pages.
    const unheld = [...model].filter(([, holder]) => holder === UNHELD).map(([target]) => target);
    expect(unheld.length).toBeGreaterThan(0);
    for (const target of unheld) ledger.forget(target);
    ledger.forget([...model].find(([, holder]) => holder !== UNHELD)![0]); // held: not forgotten
    expect(ledger.forgotten()).toEqual(unheld);
    expect(ledger.size).toBe(model.size - unheld.length);
    expect(new Map(ledger.entries())).toEqual(new Map([...model].filter(([, holder]) => holder !== UNHELD)));
    expect(() => ledger.add('/late', ['/news/2'])).toThrow(/forgot/);
  });

  it('finds broken links: not a page, a file or a rule; never looks outside the output', () => {
    mkdirSync(join(out, 'news'), { recursive: true });
    writeFileSync(join(out, 'news.html'), '');
    writeFileSync(join(out, 'feed.xml'), '');
    const ledger = newLedger();
    ledger.add('/', ['/news', '/news/', '/feed.xml', '/gone', '/article-preview/12', '/../../etc/passwd']);
    ledger.add('/news', ['/gone', '/old-page']);
    const { broken, recheck } = brokenLinks(ledger, out, {
      answered: (path) => path.startsWith('/article-preview/') || path === '/old-page',
    });
    expect(broken).toEqual([
      { target: '/../../etc/passwd', page: '/' },
      { target: '/gone', page: '/' },
    ]);
    // What no file vouches for is checked again by the next incremental build: the broken and the answered by a rule.
    expect(recheck).toEqual(['/../../etc/passwd', '/article-preview/12', '/gone', '/old-page']);
  });

  it('names for the next build the targets a file reaches only once its path is resolved', () => {
    mkdirSync(join(out, 'news'), { recursive: true });
    writeFileSync(join(out, 'news.html'), '');
    writeFileSync(join(out, 'index.html'), '');
    const ledger = newLedger();
    ledger.add('/', ['/', '/news', '/news/', '/news//', '/x/../news', '/./news', '/news/../index.html']);
    const { broken, recheck } = brokenLinks(ledger, out, { answered: () => false });
    expect(broken).toEqual([]);
    // The others are among the targets their file serves: removing the file is what makes them broken.
    expect(recheck).toEqual(['/./news', '/news/../index.html', '/news//', '/x/../news']);
    expect(targetsServedBy('news.html')).toEqual(['/news.html', '/news', '/news/']);
    expect(targetsServedBy('index.html')).toEqual(['/index.html', '/index', '/index/', '/']);
    expect(targetsServedBy('media/a.jpg')).toEqual(['/media/a.jpg']);
  });

  it('finds the pages the build lists in its list, not on the disk, and resolves only what is not its own path', () => {
    const listedOut = mkdtempSync(join(tmpdir(), 'fh-links-listed-'));
    try {
      writeFileSync(join(listedOut, 'on-disk.html'), '');
      const ledger = newLedger();
      ledger.add('/', ['/listed', '/listed/', '/x/../listed', '/on-disk', '/answered', '/gone', '/']);
      const asked: string[] = [];
      const listed = (path: string) => {
        asked.push(path);
        return path === '/listed' || path === '/answered' || path === '/';
      };
      const { broken, recheck } = brokenLinks(ledger, listedOut, { answered: (path) => path === '/answered', listed });
      // A listed page is good though its file is not in the folder (a page of this build is, by the list).
      expect(broken).toEqual([
        { target: '/gone', page: '/' },
        { target: '/x/../listed', page: '/' },
      ]);
      // A rule's answer comes first, as without the list; a path that is not its own is resolved and looked for.
      expect(recheck).toEqual(['/answered', '/gone', '/x/../listed']);
      expect(asked.sort()).toEqual(['/', '/gone', '/listed', '/listed', '/on-disk']);
    } finally {
      rmSync(listedOut, { recursive: true, force: true });
    }
  });

  it('finds pages and files kept in place as it finds those of the folder: a file without a slash at its end', () => {
    const ledger = newLedger();
    ledger.add('/fresh', ['/kept', '/kept/', '/x/../kept', '/media/a.jpg', '/media/a.jpg/', '/media/./a.jpg']);
    const { broken, recheck } = brokenLinks(ledger, out, {
      answered: () => false,
      kept: { page: (path) => path === '/kept', file: (path) => path === '/media/a.jpg' },
    });
    // A full build finds /media/a.jpg/ broken too: a path with a slash at its end leads to a page's HTML only.
    expect(broken).toEqual([{ target: '/media/a.jpg/', page: '/fresh' }]);
    expect(recheck).toEqual(['/media/./a.jpg', '/media/a.jpg/', '/x/../kept']);
  });

  it("checks the previous output's targets for the pages kept unread, and names a holder only of broken ones", () => {
    const ledger = newLedger();
    // A page of this build, then the previous output's targets: one it named again, others no page here names.
    ledger.addPage('/fresh', { own: ['/news', '/gone-too'], chrome: 'c1', chromeLinks: [] });
    ledger.addUnheld(['/news', '/gone', '/gone-too', '/stale', '/feed.xml']);
    expect(ledger.size).toBe(5);
    const asked: string[][] = [];
    const { broken } = brokenLinks(ledger, out, {
      answered: () => false,
      kept: { page: () => false, file: (path) => path === '/feed.xml' },
      holdersOf(targets) {
        asked.push([...targets]);
        // A kept page still links to /gone; no page links to /stale any more.
        return new Map([['/gone', '/kept']]);
      },
    });
    // Only the broken targets without a holder are looked for, all at once.
    expect(asked).toEqual([['/gone', '/stale']]);
    expect(broken).toEqual([
      { target: '/gone', page: '/kept' },
      { target: '/gone-too', page: '/fresh' },
    ]);
    // A target nobody holds is forgotten: it is not in the next build cache's list.
    expect([...ledger.targets()].sort()).toEqual(['/feed.xml', '/gone', '/gone-too', '/news']);
    expect(ledger.forgotten()).toEqual(['/stale']);
  });
});
