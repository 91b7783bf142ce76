import { Blocks } from '../blocks/Blocks.tsx';
import { eventItemOf } from '../../src/contract/event-item.ts';
import { ArticleGrid } from '../ui/cards.tsx';
import { EventList, EventRow } from '../ui/events.tsx';
import { Img } from '../ui/Img.tsx';
import { Section } from '../ui/page.tsx';
import { paths } from '../ui/paths.ts';
import type { PageProps } from '../types.ts';
import { standingText } from '../../src/contract/standing.ts';
import type { SportHomeData } from '../../src/pages/families/sport.ts';

export default function SportHome({ data, site }: PageProps<SportHomeData>) {
  const { sport } = data;
  const ref = { id: sport.id, name: sport.name, slug: sport.slug, short_name: sport.short_name };
  const standing = standingText(data.standing);
  return (
    <>
      <header className="sport-hero">
        <Img
          image={sport.schedule_page_image ?? sport.meta_image}
          className="hero-image"
          eager
          decorative
          sizes="100vw"
        />
        <div className="container sport-hero-inner">
          <p className="eyebrow">{site.settings.current_team_name}</p>
          <h1 id="page-title">{sport.name}</h1>
          {standing ? <p className="record">{standing}</p> : null}
          {sport.heroPresentedByLogo ? (
            <p className="presented-by">
              Presented by <Img image={sport.heroPresentedByLogo} className="presented-logo" sizes="160px" />
            </p>
          ) : null}
        </div>
      </header>
      <div className="container">
        {data.nextEvent ? (
          <Section title={sport.format === 'meet' ? 'Next meet' : 'Next game'}>
            <ol className="event-list" aria-label={sport.format === 'meet' ? 'Next meet' : 'Next game'}>
              <EventRow event={eventItemOf(data.nextEvent, ref)} site={site} places={sport.score_decimal_places} />
            </ol>
          </Section>
        ) : null}
        {data.recent.length ? (
          <Section
            title="Recent results"
            action={<a href={paths.sportSection(sport.slug, 'schedule')}>Full schedule</a>}
          >
            <EventList
              events={data.recent.map((e) => eventItemOf(e, ref))}
              site={site}
              places={sport.score_decimal_places}
              label="Recent results"
            />
          </Section>
        ) : null}
        {data.news.length ? (
          <Section
            title="Latest news"
            action={<a href={paths.sportSection(sport.slug, 'news')}>All {sport.name} news</a>}
          >
            <ArticleGrid articles={data.news} site={site} />
          </Section>
        ) : null}
      </div>
      <Blocks blocks={data.blocks} site={site} forms={{}} />
    </>
  );
}
