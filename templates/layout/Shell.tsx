import type { ReactNode } from 'react';
import type { Sport } from '../../src/api/schemas/sports.ts';
import type { SiteData } from '../data.ts';
import { Footer } from './Footer.tsx';
import { Header } from './Header.tsx';
import { SportNav } from './SportNav.tsx';

/** Every page: skip link, header, the single-sport menu on sport pages, main content, footer. */
export function Shell({ site, sport, path, children, layout }: { site: SiteData; sport: Sport | null; path: string; children: ReactNode; layout?: string | null }) {
  return (
    <div className={`site${layout ? ` layout-${layout}` : ''}`}>
      <a className="skip-link" href="#main">Skip to main content</a>
      <Header site={site} />
      {sport ? <SportNav sport={sport} site={site} path={path} /> : null}
      <main id="main" tabIndex={-1}>
        {children}
      </main>
      <Footer site={site} />
    </div>
  );
}
