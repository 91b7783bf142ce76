import { UiIcon } from '../ui/icons.tsx';
import { ProfileHeader } from '../ui/Headshot.tsx';
import { Breadcrumbs, Section } from '../ui/page.tsx';
import { paths } from '../ui/paths.ts';
import { hasContent, RichText } from '../ui/RichText.tsx';
import type { PageProps } from '../types.ts';
import type { CoachData } from '../../src/pages/families/roster.ts';
import { RecordLink } from '../ui/RecordLink.tsx';

export default function Coach({ data, site }: PageProps<CoachData>) {
  const { sport, coach, season } = data;
  const entry = coach.seasons.find((s) => s.season.id === season.id)!.entry;
  return (
    <article className="container profile" aria-labelledby="page-title">
      <Breadcrumbs
        items={[
          { label: 'Home', href: '/' },
          { label: sport.name, href: paths.sport(sport.slug) },
          { label: `${season.name} roster`, href: paths.season(sport.slug, 'roster', season.slug) },
          { label: coach.full_name },
        ]}
      />
      <ProfileHeader photo={entry.photo} fallback={site.settings.default_staff_member_photo} name={entry.full_name}>
        <p className="eyebrow">
          {season.name} {sport.name}
        </p>
        <h1 id="page-title">{coach.full_name}</h1>
        <p className="lead">{entry.title}</p>
        <ul className="contact" role="list">
          {entry.email ? (
            <li>
              <UiIcon name="email" /> <a href={`mailto:${entry.email}`}>{entry.email}</a>
            </li>
          ) : null}
          {entry.phone ? (
            <li>
              <UiIcon name="phone" /> <a href={`tel:${entry.phone.replace(/[^\d+]/g, '')}`}>{entry.phone}</a>
            </li>
          ) : null}
        </ul>
        {(sport.rosterStaffMembersTemplateFields ?? []).length ? (
          <dl className="facts">
            {(sport.rosterStaffMembersTemplateFields ?? [])
              .filter((f) => entry.template_fields[f.key])
              .map((f) => (
                <div key={f.key}>
                  <dt>{f.label}</dt>
                  <dd>{entry.template_fields[f.key]}</dd>
                </div>
              ))}
          </dl>
        ) : null}
      </ProfileHeader>
      {hasContent(entry.bio) ? (
        <Section title="Biography">
          <RichText html={entry.bio} />
        </Section>
      ) : null}
      <Section title="Seasons on staff">
        <ul className="chips" role="list">
          {coach.seasons.map((s) => (
            <li key={s.season.id}>
              <RecordLink
                href={paths.coach(sport.slug, s.season.slug, coach.slug)}
                aria-current={s.season.id === season.id ? 'page' : undefined}
              >
                {s.season.name}: {s.entry.title}
              </RecordLink>
            </li>
          ))}
        </ul>
      </Section>
    </article>
  );
}
