import { useEffect, useState } from 'react';
import type { Block, Form } from '../../src/api/schemas/pages.ts';
import type { EventItem, SiteData } from '../../src/contract/index.ts';
import { AdZone } from '../ui/AdZone.tsx';
import { adSlots, RichText } from '../ui/RichText.tsx';
import { UiIcon } from '../ui/icons.tsx';
import { Img } from '../ui/Img.tsx';
import { deferred } from '../deferred.tsx';

// Forms and the slider are in the HTML at once; their code loads beside hydration, not before it.
const FormBlock = deferred('FormBlock', () => import('./FormBlock.tsx').then((m) => m.FormBlock));
const Slider = deferred('Slider', () => import('./Slider.tsx').then((m) => m.Slider));
const ScheduleTicker = deferred('ScheduleTicker', () => import('./ScheduleTicker.tsx').then((m) => m.ScheduleTicker));

export interface BlocksProps {
  blocks: Block[];
  site: SiteData;
  forms: Record<string, Form>;
  ticker?: EventItem[];
  /** Ad zones between blocks: every `interval` blocks after `shift` (settings), in this zone. */
  ads?: { zone: string | null; interval: number; shift: number };
}

/** A page's ordered content blocks. */
export function Blocks({ blocks, site, forms, ticker, ads }: BlocksProps) {
  const slots = ads?.zone ? adSlots(blocks.length, ads.interval, ads.shift) : new Set<number>();
  return (
    <div className="blocks">
      {blocks.map((block, i) => (
        <div key={block.id} className={`block block-${block.type.replace(/_/g, '-')}`}>
          {slots.has(i) ? <AdZone uuid={ads!.zone!} /> : null}
          <BlockView block={block} site={site} forms={forms} ticker={ticker} first={i === 0} />
        </div>
      ))}
    </div>
  );
}

function BlockView({
  block,
  site,
  forms,
  ticker,
  first,
}: {
  block: Block;
  site: SiteData;
  forms: Record<string, Form>;
  ticker?: EventItem[];
  first: boolean;
}) {
  switch (block.type) {
    case 'banner':
      return (
        <section className="banner" aria-label={block.title}>
          <Img image={block.image} className="banner-image" eager={first} decorative sizes="100vw" />
          <div className="banner-text container">
            <h2>{block.title}</h2>
            {block.subtitle ? <p>{block.subtitle}</p> : null}
            {block.link ? (
              <a className="button" href={block.link.url}>
                {block.link.label}
              </a>
            ) : null}
          </div>
        </section>
      );
    case 'slider':
      return <Slider block={block} eager={first} />;
    case 'tiles':
      return (
        <section className="container tiles" aria-label={block.title ?? 'Quick links'}>
          {block.title ? <h2>{block.title}</h2> : null}
          <ul className="grid tile-grid" role="list">
            {block.tiles.map((tile) => (
              <li key={tile.url} className="tile">
                <Img image={tile.image} decorative sizes="(min-width: 960px) 25vw, 50vw" />
                <a href={tile.url} className="stretched">
                  {tile.title}
                </a>
              </li>
            ))}
          </ul>
        </section>
      );
    case 'membership_promotion':
      return (
        <section className="container promo membership" aria-label={block.title}>
          <div className="promo-text">
            <h2>{block.title}</h2>
            <div dangerouslySetInnerHTML={{ __html: block.body }} />
            {block.link ? (
              <a className="button" href={block.link.url}>
                {block.link.label}
              </a>
            ) : null}
          </div>
          {block.tiers.length ? (
            <ul className="tiers" role="list">
              {block.tiers.map((tier) => (
                <li key={tier.name}>
                  <h3>{tier.name}</h3>
                  <p className="price">{tier.price}</p>
                  <ul>
                    {tier.perks.map((perk) => (
                      <li key={perk}>{perk}</li>
                    ))}
                  </ul>
                </li>
              ))}
            </ul>
          ) : null}
        </section>
      );
    case 'ticket_promotion':
      return (
        <section className="container promo tickets" aria-label={block.title}>
          <Img image={block.image} className="promo-image" decorative sizes="(min-width: 960px) 50vw, 100vw" />
          <div className="promo-text">
            <h2>{block.title}</h2>
            <div dangerouslySetInnerHTML={{ __html: block.body }} />
            <a className="button" href={block.link.url}>
              <UiIcon name="ticket" /> {block.link.label}
            </a>
          </div>
        </section>
      );
    case 'sponsors':
      return (
        <section className="container sponsors" aria-label={block.title}>
          <h2>{block.title}</h2>
          <ul role="list">
            {block.sponsors.map((s) => (
              <li key={s.name}>
                {s.url ? (
                  <a href={s.url} rel="noopener sponsored">
                    <Img image={s.logo} sizes="160px" />
                  </a>
                ) : (
                  <Img image={s.logo} sizes="160px" />
                )}
              </li>
            ))}
          </ul>
        </section>
      );
    case 'rich_text':
      return <RichText html={block.html} className="container prose" />;
    case 'ad_zone':
      return (
        <div className="container">
          <AdZone uuid={block.zone_uuid} />
        </div>
      );
    case 'form': {
      const form = forms[String(block.form_id)];
      return form ? (
        <div className="container narrow">
          <FormBlock form={form} action={`${site.api.baseUrl}${site.api.prefix}/forms/${form.id}/submissions`} />
        </div>
      ) : null;
    }
    case 'audio_player':
      return (
        <figure className="container audio">
          <figcaption>
            <strong>{block.title}</strong>
            {block.description ? ` – ${block.description}` : ''}
          </figcaption>
          <audio controls preload="none" src={block.src}>
            <a href={block.src}>Download the audio</a>
          </audio>
        </figure>
      );
    case 'schedule_ticker':
      return site.settings.hide_schedule_ticker_block ? null : <ScheduleTicker events={ticker ?? []} site={site} />;
    case 'sticky_popup':
      return <StickyPopup block={block} />;
  }
}

function StickyPopup({ block }: { block: Extract<Block, { type: 'sticky_popup' }> }) {
  const key = `fh-popup-${block.dismiss_key}`;
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    setVisible(localStorage.getItem(key) === null);
  }, [key]);
  if (!visible) return null;
  return (
    <aside className="sticky-popup" aria-labelledby={`${key}-title`}>
      <h2 id={`${key}-title`}>{block.title}</h2>
      <div dangerouslySetInnerHTML={{ __html: block.body }} />
      {block.link ? <a href={block.link.url}>{block.link.label}</a> : null}
      <button
        type="button"
        className="close"
        onClick={() => {
          localStorage.setItem(key, '1');
          setVisible(false);
        }}
      >
        <UiIcon name="close" />
        <span className="visually-hidden">Dismiss {block.title}</span>
      </button>
    </aside>
  );
}
