import { useState } from 'react';
import type { Video } from '../../src/api/schemas/content.ts';
import { duration, longDate } from '../ui/format.ts';
import { UiIcon } from '../ui/icons.tsx';
import { Img } from '../ui/Img.tsx';
import { PageHeader } from '../ui/page.tsx';
import { paths } from '../ui/paths.ts';
import type { PageProps } from '../types.ts';
import type { VideosData } from '../../src/pages/families/media.ts';

function embedUrl(video: Video): string | null {
  if (video.provider === 'youtube' && video.provider_id)
    return `https://www.youtube-nocookie.com/embed/${encodeURIComponent(video.provider_id)}?autoplay=1`;
  if (video.provider === 'vimeo' && video.provider_id)
    return `https://player.vimeo.com/video/${encodeURIComponent(video.provider_id)}?autoplay=1`;
  return null;
}

/** A video that loads its player only when asked: no third-party requests until the fan presses play. */
export function VideoCard({ video, timeZone }: { video: Video; timeZone: string }) {
  const [playing, setPlaying] = useState(false);
  const embed = embedUrl(video);
  return (
    <article className="card video-card">
      <div className="video-frame">
        {playing ? (
          embed ? (
            <iframe
              src={embed}
              title={video.title}
              allow="autoplay; encrypted-media; picture-in-picture"
              allowFullScreen
              loading="lazy"
            />
          ) : (
            <video src={video.file_url ?? undefined} controls autoPlay playsInline poster={video.thumbnail.url} />
          )
        ) : (
          <button type="button" className="video-play" onClick={() => setPlaying(true)}>
            <Img image={video.thumbnail} decorative sizes="(min-width: 960px) 33vw, 100vw" />
            <span className="play-badge">
              <UiIcon name="play" />
            </span>
            <span className="visually-hidden">Play video: {video.title}</span>
            <span className="video-duration">{duration(video.duration_seconds)}</span>
          </button>
        )}
      </div>
      <div className="card-body">
        {video.sport ? <p className="eyebrow">{video.sport.name}</p> : null}
        <h2 className="card-title">{video.title}</h2>
        <p className="meta">
          <time dateTime={video.date}>{longDate(video.date, timeZone)}</time>
        </p>
      </div>
    </article>
  );
}

export default function Videos({ data, site }: PageProps<VideosData>) {
  const sport = data.sport?.sport ?? null;
  return (
    <>
      <PageHeader
        title={sport ? `${sport.name} Videos` : 'Videos'}
        crumbs={[
          { label: 'Home', href: '/' },
          ...(sport ? [{ label: sport.name, href: paths.sport(sport.slug) }] : []),
          { label: 'Videos' },
        ]}
        lead={<p>{data.total} videos</p>}
      />
      <div className="container">
        {data.videos.length ? (
          <ul className="grid cards" role="list">
            {data.videos.map((v) => (
              <li key={v.id}>
                <VideoCard video={v} timeZone={site.settings.website_timezone} />
              </li>
            ))}
          </ul>
        ) : (
          <p className="empty">No videos yet.</p>
        )}
      </div>
    </>
  );
}
