import type { ReactNode } from 'react';
import type { Image } from '../../src/api/schemas/common.ts';
import { Img } from './Img.tsx';

export interface Crumb {
  label: string;
  href?: string;
}

export function Breadcrumbs({ items }: { items: Crumb[] }) {
  return (
    <nav aria-label="Breadcrumb" className="breadcrumbs">
      <ol>
        {items.map((c, i) => (
          <li key={i}>
            {c.href && i < items.length - 1 ? (
              <a href={c.href}>{c.label}</a>
            ) : (
              <span aria-current={i === items.length - 1 ? 'page' : undefined}>{c.label}</span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}

/** The top of a page: breadcrumbs, title, an optional hero image and lead. */
export function PageHeader({
  title,
  crumbs,
  lead,
  image,
  children,
}: {
  title: string;
  crumbs?: Crumb[];
  lead?: ReactNode;
  image?: Image | null;
  children?: ReactNode;
}) {
  return (
    <header className={`page-header${image ? ' has-hero' : ''}`}>
      {image ? <Img image={image} className="hero-image" eager decorative sizes="100vw" /> : null}
      <div className="container page-header-inner">
        {crumbs ? <Breadcrumbs items={crumbs} /> : null}
        <h1 id="page-title">{title}</h1>
        {lead ? <div className="lead">{lead}</div> : null}
        {children}
      </div>
    </header>
  );
}

export function Section({
  title,
  id,
  children,
  action,
}: {
  title: string;
  id?: string;
  children: ReactNode;
  action?: ReactNode;
}) {
  const headingId = id ?? `section-${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
  return (
    <section className="section" aria-labelledby={headingId}>
      <div className="section-head">
        <h2 id={headingId}>{title}</h2>
        {action}
      </div>
      {children}
    </section>
  );
}

/** Links to the same view in other seasons: plain links, so it works before and without scripts. */
export function SeasonNav({
  seasons,
  current,
  hrefFor,
  label,
}: {
  seasons: { slug: string; name: string }[];
  current: string;
  hrefFor: (slug: string) => string;
  label: string;
}) {
  return (
    <details className="season-nav">
      <summary>
        {label}: <strong>{seasons.find((s) => s.slug === current)?.name ?? current}</strong>
      </summary>
      <ul role="list">
        {[...seasons].reverse().map((s) => (
          <li key={s.slug}>
            <a href={hrefFor(s.slug)} aria-current={s.slug === current ? 'page' : undefined}>
              {s.name}
            </a>
          </li>
        ))}
      </ul>
    </details>
  );
}
