import type { Sport } from '../../src/api/schemas/sports.ts';
import type { SiteData, SportSections } from '../../src/contract/index.ts';
import { ContentIcon } from '../ui/icons.tsx';

/** The sections of a sport, and which of its `has` flags says the section has pages (none: always). */
const SECTIONS = [
  ['', 'Home', null],
  ['/schedule', 'Schedule', 'schedule'],
  ['/roster', 'Roster', 'roster'],
  ['/stats', 'Stats', 'stats'],
  ['/news', 'News', 'news'],
  ['/videos', 'Videos', null],
  ['/photo-galleries', 'Photos', null],
] as const satisfies readonly (readonly [string, string, keyof SportSections | null])[];

/** The single-sport menu on every page of a sport. Its height counts in the hash-scroll offset. */
export function SportNav({ sport, site, path }: { sport: Sport; site: SiteData; path: string }) {
  const base = `/sports/${sport.slug}`;
  const has = site.sports.find((s) => s.id === sport.id)?.has;
  const sections = SECTIONS.filter(([, , needs]) => !needs || !has || has[needs]);
  const current =
    sections
      .filter(([suffix]) => path === base + suffix || (suffix !== '' && path.startsWith(`${base}${suffix}/`)))
      .at(-1)?.[0] ?? (path === base ? '' : null);
  return (
    <nav className="sport-nav" id="sport-nav" aria-label={`${sport.name} menu`}>
      <div className="container sport-nav-inner">
        <a className="sport-name" href={base}>
          <ContentIcon name={sport.icon?.name} site={site} />
          {sport.name}
        </a>
        <ul role="list">
          {sections.map(([suffix, label]) => (
            <li key={label}>
              <a href={base + suffix} aria-current={current === suffix ? 'page' : undefined}>
                {label}
              </a>
            </li>
          ))}
        </ul>
      </div>
    </nav>
  );
}
