import { createContext, createElement, useContext, type ReactNode } from 'react';
import type { Sport } from '../../src/api/schemas/sports.ts';
import type { SiteData } from '../../src/contract/index.ts';
import { Footer } from './Footer.tsx';
import { Header } from './Header.tsx';
import { SportNav } from './SportNav.tsx';

/**
 * Set by the server renderer: the header and footer are the same on every page of a build, so it renders them
 * once and splices them in where these placeholders stand (src/build/render/ssr.tsx).
 */
export const ChromeSlots = createContext(false);
export const slotMarkup = (name: 'header' | 'footer') => `<fh-slot data-name="${name}"></fh-slot>`;
const Slot = ({ name }: { name: 'header' | 'footer' }) => createElement('fh-slot', { 'data-name': name });

/** Every page: skip link, header, the single-sport menu on sport pages, main content, footer. */
export function Shell({
  site,
  sport,
  path,
  children,
  layout,
}: {
  site: SiteData;
  sport: Sport | null;
  path: string;
  children: ReactNode;
  layout?: string | null;
}) {
  const slots = useContext(ChromeSlots);
  return (
    <div className={`site${layout ? ` layout-${layout}` : ''}`}>
      <a className="skip-link" href="#main">
        Skip to main content
      </a>
      {slots ? <Slot name="header" /> : <Header site={site} />}
      {sport ? <SportNav sport={sport} site={site} path={path} /> : null}
      <main id="main" tabIndex={-1}>
        {children}
      </main>
      {slots ? <Slot name="footer" /> : <Footer site={site} />}
    </div>
  );
}
