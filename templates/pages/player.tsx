import { ProfileHeader } from '../ui/Headshot.tsx';
import { Breadcrumbs, Section } from '../ui/page.tsx';
import { paths } from '../ui/paths.ts';
import { hasContent, RichText } from '../ui/RichText.tsx';
import type { PageProps } from '../types.ts';
import type { PlayerData } from '../../src/pages/families/roster.ts';
import { RecordLink } from '../ui/RecordLink.tsx';

const NETWORK: Record<string, string> = {
  x: 'X',
  instagram: 'Instagram',
  facebook: 'Facebook',
  tiktok: 'TikTok',
  youtube: 'YouTube',
  linkedin: 'LinkedIn',
};

/** A known network by its name; any other by the link's host ("mastodon.social"), as a plain link. */
function networkName(network: string, url: string): string {
  const known = NETWORK[network.toLowerCase()];
  if (known) return known;
  try {
    return new URL(url).hostname.replace(/^www\./, '');
  } catch {
    return network;
  }
}

export default function Player({ data, site }: PageProps<PlayerData>) {
  const { sport, player, season } = data;
  const current = season ? player.seasons.find((s) => s.season.id === season.id)! : player.seasons.at(-1)!;
  const p = current.entry;
  const { settings } = site;
  const facts: [string, string | null][] = [
    ['Position', p.position_long ?? p.position],
    ['Class', p.class_year],
    ['Height', p.height],
    ['Weight', p.weight ? `${p.weight} lbs` : null],
    ['Hometown', p.hometown],
    ['High school', p.high_school],
    ['Previous school', p.previous_school],
  ];
  // Pushed, not spread into the list: a spread of arrays of two kinds (none, or the sport's fields) made V8 throw
  // away this function's optimised code, which takes it a quarter of a second to make, again and again (issue 21).
  for (const f of sport.rosterPlayersTemplateFields ?? []) facts.push([f.label, p.template_fields[f.key] ?? null]);
  return (
    <article className="container profile" aria-labelledby="page-title">
      <Breadcrumbs
        items={[
          { label: 'Home', href: '/' },
          { label: sport.name, href: paths.sport(sport.slug) },
          {
            label: 'Roster',
            href: season ? paths.season(sport.slug, 'roster', season.slug) : paths.sportSection(sport.slug, 'roster'),
          },
          { label: player.full_name },
        ]}
      />
      <ProfileHeader photo={p.headshot} fallback={settings.default_player_photo} name={player.full_name}>
        <p className="eyebrow">
          {current.season.name} {sport.name}
        </p>
        <h1 id="page-title">
          {p.jersey_number !== null ? <span className="jersey">#{p.jersey_number}</span> : null} {player.full_name}
        </h1>
        {p.captain ? <p className="badge">Captain</p> : null}
        <dl className="facts">
          {facts
            .filter(([, v]) => v)
            .map(([k, v]) => (
              <div key={k}>
                <dt>{k}</dt>
                <dd>{v}</dd>
              </div>
            ))}
        </dl>
        {p.social_links.length ? (
          <ul className="social-links" role="list">
            {p.social_links.map((l) => (
              <li key={l.url}>
                <a href={l.url} rel="noopener">
                  {networkName(l.network, l.url)}
                  <span className="visually-hidden"> of {player.full_name}</span>
                </a>
              </li>
            ))}
          </ul>
        ) : null}
      </ProfileHeader>
      {hasContent(p.bio) ? (
        <Section title="Biography">
          <RichText
            html={p.bio}
            ad={{
              zone: settings.ad_zones.roster_bio,
              interval: settings.roster_bio_ad_interval,
              shift: settings.roster_bio_ad_shift,
              label: 'Advertisement',
            }}
          />
        </Section>
      ) : null}
      <Section title="Season history">
        <div className="table-wrap" role="region" aria-label="Season history" tabIndex={0}>
          <table>
            <caption>{player.full_name} by season</caption>
            <thead>
              <tr>
                <th scope="col">Season</th>
                <th scope="col">No.</th>
                <th scope="col">Position</th>
                <th scope="col">Class</th>
              </tr>
            </thead>
            <tbody>
              {player.seasons.map((s) => (
                <tr key={s.season.id}>
                  <th scope="row">
                    <RecordLink
                      href={paths.player(sport.slug, player.slug, s.season.slug)}
                      aria-current={s.season.id === current.season.id ? 'page' : undefined}
                    >
                      {s.season.name}
                    </RecordLink>
                  </th>
                  <td>{s.entry.jersey_number ?? '–'}</td>
                  <td>{s.entry.position_long ?? s.entry.position ?? '–'}</td>
                  <td>{s.entry.class_year ?? '–'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </Section>
    </article>
  );
}
