import { renderToString } from 'react-dom/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SiteData } from '../../src/contract/index.ts';
import type { DemoServer } from '../../src/demo/server/server.ts';
import { Header } from '../../templates/layout/Header.tsx';
import { startDemo } from '../helpers/demo.ts';
import { demoSite } from '../helpers/site.ts';

let demo: DemoServer;
let site: SiteData;
let close: () => Promise<void>;
beforeAll(async () => {
  demo = await startDemo();
  ({ site, close } = await demoSite(demo));
});
afterAll(async () => {
  await close();
  await demo.close();
});

const withSettings = (settings: Partial<SiteData['settings']>): SiteData => ({
  ...site,
  settings: { ...site.settings, ...settings },
});
/** The main menu's submenu buttons labelled "Sports" (a top-level entry with a chevron). */
const sportsButtons = (html: string) => [...html.matchAll(/<button[^>]*aria-expanded="false"[^>]*>Sports<svg/g)].length;

describe('the header', () => {
  it('adds its own Sports menu when the department menu has none, and only then', () => {
    const own = renderToString(<Header site={site} />);
    expect(sportsButtons(own)).toBe(1);
    expect(own).toContain('id="main-menu-sports-button"');
    const sports = {
      id: 1,
      title: 'Sports',
      url: '/sports',
      target: '_self' as const,
      icon: null,
      children: site.sports.map((s, i) => ({
        id: 100 + i,
        title: s.name,
        url: `/sports/${s.slug}`,
        target: '_self' as const,
        icon: null,
        children: [],
      })),
    };
    const theirs = renderToString(
      <Header site={withSettings({ website_menu: [sports, ...site.settings.website_menu] })} />,
    );
    expect(sportsButtons(theirs)).toBe(1);
    expect(theirs).not.toContain('id="main-menu-sports-button"');
    expect(theirs).toContain('id="main-menu-1-button"');
  });

  it('leaves out the utility strip when its menus are all empty', () => {
    expect(renderToString(<Header site={site} />)).toContain('utility-bar');
    const bare = renderToString(
      <Header site={withSettings({ website_additional_menu: [], website_user_menu: [], website_icon_menu: [] })} />,
    );
    expect(bare).not.toContain('utility-bar');
    expect(bare).toContain('class="brand"');
  });
});
