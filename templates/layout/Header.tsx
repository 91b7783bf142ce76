import { useRef, useState, type KeyboardEvent } from 'react';
import type { MenuItem } from '../../src/api/schemas/settings.ts';
import type { SiteData } from '../../src/contract/index.ts';
import { ContentIcon, UiIcon } from '../ui/icons.tsx';
import { Img } from '../ui/Img.tsx';
import { useDismiss } from './dismiss.ts';
import { DisclosureMenu, FlatMenu } from './Menu.tsx';

/** The sports menu's items: sports not hidden from the dropdown, in the settings' order. */
export function sportsMenu(site: SiteData): MenuItem[] {
  return site.sports
    .filter((s) => !s.hide_from_dropdown)
    .map((s) => ({
      id: 100_000 + s.id,
      title: s.name,
      url: `/sports/${s.slug}`,
      target: '_self',
      icon: s.icon,
      children: [],
    }));
}

/**
 * The header's own "Sports" menu, made from the sports, only when the department's `website_menu` has none of its
 * own (most real menus do, and two would read "Sports ⌄ Sports ⌄").
 */
export function ownSportsMenu(site: SiteData): { label: string; items: MenuItem[] } | undefined {
  const hasSports = site.settings.website_menu.some((item) => item.title.trim().toLowerCase() === 'sports');
  return hasSports ? undefined : { label: 'Sports', items: sportsMenu(site) };
}

export function SocialLinks({ site }: { site: SiteData }) {
  const items = site.settings.website_icon_menu;
  if (items.length === 0) return null;
  return (
    <ul className="social" role="list">
      {items.map((item) => (
        <li key={item.id}>
          <a
            href={item.url}
            target={item.target === '_blank' ? '_blank' : undefined}
            rel={item.target === '_blank' ? 'noopener' : undefined}
          >
            <ContentIcon name={item.icon} site={site} />
            <span className="visually-hidden">
              {item.title}
              {item.target === '_blank' ? ' (opens in a new tab)' : ''}
            </span>
          </a>
        </li>
      ))}
    </ul>
  );
}

export function Header({ site }: { site: SiteData }) {
  const [menuOpen, setMenuOpen] = useState(false);
  const { settings } = site;
  const inner = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  // Phones: the menu panel closes when a navigation begins, a link in it is followed, or a click or focus lands
  // outside the header's row; Escape (once no submenu is open) closes it and gives focus back to its button.
  useDismiss(inner, menuOpen, () => setMenuOpen(false));
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !menuOpen) return;
    setMenuOpen(false);
    toggle.current?.focus();
  };
  // The dark utility strip only when it has something to hold: no empty band above every page.
  const utility =
    settings.website_additional_menu.length + settings.website_user_menu.length + settings.website_icon_menu.length > 0;
  return (
    <header className="site-header" id="site-header">
      {utility && (
        <div className="utility-bar">
          <div className="container utility-inner">
            <FlatMenu items={settings.website_additional_menu} label="More" className="additional-menu" />
            <div className="utility-end">
              <FlatMenu items={settings.website_user_menu} label="Tickets and giving" className="user-menu" />
              <SocialLinks site={site} />
            </div>
          </div>
        </div>
      )}
      <div className="container header-inner" ref={inner} onKeyDown={onKeyDown}>
        <a className="brand" href="/">
          <Img image={settings.website_logo} className="brand-logo" eager decorative sizes="96px" />
          <span className="brand-name">{settings.site_title}</span>
        </a>
        <button
          type="button"
          className="menu-toggle"
          ref={toggle}
          aria-expanded={menuOpen}
          aria-controls="primary-nav"
          onClick={() => setMenuOpen(!menuOpen)}
        >
          <UiIcon name={menuOpen ? 'close' : 'menu'} />
          <span>Menu</span>
        </button>
        <div className={`nav-panel${menuOpen ? ' open' : ''}`} id="primary-nav">
          <nav aria-label="Main">
            <DisclosureMenu items={settings.website_menu} label="Main" id="main-menu" extra={ownSportsMenu(site)} />
          </nav>
          <div className="header-actions">
            <a className="search-link" href="/search">
              <UiIcon name="search" />
              <span>Search</span>
            </a>
            {/* Phones: the utility bar is hidden, so its links live in the menu panel (never both shown). */}
            <FlatMenu items={settings.website_user_menu} label="Tickets and giving" className="user-menu phone-only" />
            <FlatMenu items={settings.website_additional_menu} label="More" className="additional-menu phone-only" />
          </div>
        </div>
      </div>
    </header>
  );
}
