import { expect, test } from '@playwright/test';
import { templatePages } from './template-pages.ts';

const pages = templatePages(process.env.FH_E2E_OUT!);

/** Phones small and common, and a tablet held upright: the widths at which a page must never be wider than the screen. */
const NARROW = [320, 375, 768] as const;
const LANES = 3;

/**
 * What sticks out of the page at this width: the document's scroll width, and the elements whose box passes the
 * right edge without a scrolling ancestor to hold them (a table that scrolls inside its wrapper is fine).
 */
function overflowAt(width: number) {
  const inScroller = (el: Element) => {
    for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
      const style = getComputedStyle(p);
      if (/(auto|scroll|hidden|clip)/.test(style.overflowX) && p.clientWidth <= width) return true;
    }
    return false;
  };
  const sticking = [...document.body.querySelectorAll('*')]
    .filter((el) => {
      const box = el.getBoundingClientRect();
      return box.width > 0 && box.right > width + 1 && !inScroller(el);
    })
    .slice(0, 3)
    .map(
      (el) =>
        `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}.${[...el.classList].join('.')} right=${Math.round(el.getBoundingClientRect().right)}`,
    );
  return { scrollWidth: document.documentElement.scrollWidth, sticking };
}

/**
 * No page is wider than the phone, for any template, with the demo's widest tables (basketball's season stats of
 * 20+ columns and box scores, the schedule's calendar): tables scroll inside their wrapper. Phones are emulated as phones (a mobile layout
 * viewport grows to fit wide content, the way a fan's phone would zoom the page out).
 */
for (const width of NARROW) {
  test(`no page is wider than the screen at ${width}px`, async ({ browser }) => {
    test.setTimeout(120_000);
    const context = await browser.newContext({
      viewport: { width, height: 800 },
      isMobile: width < 768,
      hasTouch: width < 768,
    });
    const wide: string[] = [];
    // Three pages at a time, each in a tab of its own: most of a check is waiting for the network to settle.
    const lanes = Array.from({ length: LANES }, (_, lane) => pages.filter((_, i) => i % LANES === lane));
    await Promise.all(
      lanes.map(async (lane) => {
        const page = await context.newPage();
        const measure = async (what: string) => {
          const seen = await page.evaluate(overflowAt, width);
          if (seen.scrollWidth > width || seen.sticking.length)
            wide.push(`${what}: ${seen.scrollWidth}px wide; ${seen.sticking.join(', ')}`);
        };
        for (const { template, path } of lane) {
          await page.goto(path);
          await page.waitForLoadState('networkidle');
          await measure(`${template} ${path}`);
          if (template === 'schedule') {
            // The calendar view: seven columns of games.
            await page.getByRole('button', { name: 'Calendar', exact: true }).click();
            await expect(page.locator('.month-grid')).toBeVisible();
            await measure(`${template} ${path} (calendar)`);
          }
        }
      }),
    );
    await context.close();
    expect(wide).toEqual([]);
  });
}
