import { longDate } from '../ui/format.ts';
import { Img } from '../ui/Img.tsx';
import { PageHeader } from '../ui/page.tsx';
import { paths } from '../ui/paths.ts';
import type { PageProps } from '../types.ts';
import type { GalleriesData } from '../../src/pages/families/media.ts';
import { RecordLink } from '../ui/RecordLink.tsx';

export default function Galleries({ data, site }: PageProps<GalleriesData>) {
  const sport = data.sport?.sport ?? null;
  return (
    <>
      <PageHeader
        title={sport ? `${sport.name} Photo Galleries` : 'Photo Galleries'}
        crumbs={[
          { label: 'Home', href: '/' },
          ...(sport ? [{ label: sport.name, href: paths.sport(sport.slug) }] : []),
          { label: 'Photo Galleries' },
        ]}
        lead={<p>{data.total} galleries</p>}
      />
      <div className="container">
        {data.galleries.length ? (
          <ul className="grid cards" role="list">
            {data.galleries.map((g, i) => (
              <li key={g.id}>
                <article className="card">
                  <Img
                    image={g.cover}
                    className="card-media"
                    decorative
                    eager={i === 0}
                    sizes="(min-width: 960px) 33vw, 100vw"
                  />
                  <div className="card-body">
                    {g.sport ? <p className="eyebrow">{g.sport.name}</p> : null}
                    <h2 className="card-title">
                      <RecordLink className="stretched" href={paths.gallery(g.slug)}>
                        {g.title}
                      </RecordLink>
                    </h2>
                    <p className="meta">
                      <time dateTime={g.date}>{longDate(g.date, site.settings.website_timezone)}</time>
                      {' · '}
                      {g.photo_count}
                      {' photos'}
                    </p>
                  </div>
                </article>
              </li>
            ))}
          </ul>
        ) : (
          <p className="empty">No galleries yet.</p>
        )}
      </div>
    </>
  );
}
