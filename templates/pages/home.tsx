import { Blocks } from '../blocks/Blocks.tsx';
import { ArticleCard, ArticleGrid } from '../ui/cards.tsx';
import { Section } from '../ui/page.tsx';
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
        <Section title="Headlines" action={<a href="/news">All news</a>}>
          <div className="headlines">
            {lead ? (
              <div className="headline-lead">
                <ArticleCard article={lead} site={site} headingLevel={3} />
              </div>
            ) : null}
            <ArticleGrid articles={rest} site={site} />
          </div>
        </Section>
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
