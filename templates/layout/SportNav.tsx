import type { Sport } from '../../src/api/schemas/sports.ts';
import type { SiteData } from '../../src/contract/index.ts';
import { ContentIcon } from '../ui/icons.tsx';

const SECTIONS = [
  ['', 'Home'],
  ['/schedule', 'Schedule'],
  ['/roster', 'Roster'],
  ['/stats', 'Stats'],
  ['/news', 'News'],
  ['/videos', 'Videos'],
  ['/photo-galleries', 'Photos'],
] as const;

/** The single-sport menu on every page of a sport. Its height counts in the hash-scroll offset. */
export function SportNav({ sport, site, path }: { sport: Sport; site: SiteData; path: string }) {
  const base = `/sports/${sport.slug}`;
  const current =
    SECTIONS.filter(([suffix]) => path === base + suffix || (suffix !== '' && path.startsWith(`${base}${suffix}/`))).at(
      -1,
    )?.[0] ?? (path === base ? '' : null);
  return (
    <nav className="sport-nav" id="sport-nav" aria-label={`${sport.name} menu`}>
      <div className="container sport-nav-inner">
        <a className="sport-name" href={base}>
          <ContentIcon name={sport.icon?.name} site={site} />
          {sport.name}
        </a>
        <ul role="list">
          {SECTIONS.map(([suffix, label]) => (
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
