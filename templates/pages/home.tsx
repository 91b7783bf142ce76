import { Blocks } from '../blocks/Blocks.tsx';
import { ArticleCard, ArticleGrid } from '../ui/cards.tsx';
import { Section } from '../ui/page.tsx';
import { EventList } from '../ui/events.tsx';
import { eventDay } from '../ui/format.ts';
import type { EventItem, SiteData } from '../../src/contract/index.ts';
import type { PageProps } from '../types.ts';
import type { HomeData } from '../../src/pages/families/home.ts';

export default function Home({ data, site }: PageProps<HomeData>) {
  const { settings } = site;
  const [lead, ...rest] = data.headlines;
  return (
    <>
      <h1 className="visually-hidden">{settings.meta_title ?? settings.site_title}</h1>
      <Blocks blocks={data.blocks.slice(0, 2)} site={site} forms={data.forms} ticker={data.ticker} />
      <div className="container">
        {lead ? (
          <Section title="Headlines" action={<a href="/news">All news</a>}>
            <div className="headlines">
              <div className="headline-lead">
                <ArticleCard article={lead} site={site} headingLevel={3} />
              </div>
              <ArticleGrid articles={rest} site={site} />
            </div>
          </Section>
        ) : null}
        {!lead && !data.featured.length ? <Scoreboard results={data.results} ticker={data.ticker} site={site} /> : null}
        {data.featured.length ? (
          <Section title="Featured">
            <ArticleGrid articles={data.featured} site={site} />
          </Section>
        ) : null}
      </div>
      <Blocks
        blocks={data.blocks.slice(2)}
        site={site}
        forms={data.forms}
        ticker={data.ticker}
        ads={{
          zone: settings.ad_zones.home,
          interval: settings.home_page_ad_interval,
          shift: settings.home_page_ad_shift,
        }}
      />
    </>
  );
}

const SCOREBOARD_SIZE = 6;

/**
 * A home page without stories still has the department's games: the latest results and what comes next, so fans
 * never land on "Headlines — No stories yet." and nothing else.
 */
function Scoreboard({ results, ticker, site }: { results: EventItem[]; ticker: EventItem[]; site: SiteData }) {
  const upcoming = ticker.filter((e) => !e.result && eventDay(e) >= site.today).slice(0, SCOREBOARD_SIZE);
  return (
    <>
      {results.length ? (
        <Section title="Latest results" action={<a href="/all-sports-schedule">All-sports schedule</a>}>
          <EventList events={results} site={site} showSport label="Latest results" />
        </Section>
      ) : null}
      {upcoming.length ? (
        <Section title="Coming up">
          <EventList events={upcoming} site={site} showSport label="Coming up" />
        </Section>
      ) : null}
    </>
  );
}
