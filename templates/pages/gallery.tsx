import { useEffect, useRef, useState } from 'react';
import { longDate } from '../ui/format.ts';
import { UiIcon } from '../ui/icons.tsx';
import { Img } from '../ui/Img.tsx';
import { PageHeader } from '../ui/page.tsx';
import type { PageProps } from '../types.ts';
import type { GalleryData } from '../../src/pages/families/media.ts';

/** A photo gallery with a lightbox: a modal dialog that works by keyboard (arrows, Escape) and keeps focus. */
export default function Gallery({ data, site }: PageProps<GalleryData>) {
  const { gallery } = data;
  const [open, setOpen] = useState<number | null>(null);
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const count = gallery.photos.length;
  useEffect(() => {
    const d = dialog.current;
    if (!d) return;
    if (open !== null && !d.open) d.showModal();
    if (open === null && d.open) d.close();
  }, [open]);
  const show = (i: number) => setOpen((i + count) % count);
  const close = () => {
    setOpen(null);
    opener.current?.focus();
  };
  const photo = open !== null ? gallery.photos[open] : null;
  return (
    <>
      <PageHeader
        title={gallery.title}
        crumbs={[
          { label: 'Home', href: '/' },
          { label: 'Photo Galleries', href: '/photo-galleries' },
          { label: gallery.title },
        ]}
        lead={
          <p>
            {gallery.description}{' '}
            <time dateTime={gallery.date}>{longDate(gallery.date, site.settings.website_timezone)}</time>
            {' · '}
            {count}
            {' photos'}
          </p>
        }
      />
      <div className="container">
        <ul className="grid photos" role="list">
          {gallery.photos.map((p, i) => (
            <li key={p.id}>
              <button
                type="button"
                className="photo-thumb"
                onClick={(e) => {
                  opener.current = e.currentTarget;
                  show(i);
                }}
              >
                <Img
                  image={p.image}
                  eager={i < 2}
                  decorative
                  sizes="(min-width: 1100px) 360px, (min-width: 640px) 50vw, 100vw"
                />
                <span className="visually-hidden">
                  Open photo {i + 1} of {count}: {p.caption}
                </span>
              </button>
            </li>
          ))}
        </ul>
      </div>
      <dialog
        ref={dialog}
        className="lightbox"
        aria-label="Photo viewer"
        onClose={() => setOpen(null)}
        onKeyDown={(e) => {
          if (e.key === 'ArrowRight') show((open ?? 0) + 1);
          if (e.key === 'ArrowLeft') show((open ?? 0) - 1);
        }}
      >
        {photo ? (
          <figure>
            <Img image={photo.image} eager sizes="min(100vw - 4rem, 1068px)" />
            <figcaption>
              {photo.caption}
              {photo.credit ? <span className="meta"> Photo: {photo.credit}</span> : null}
              <span className="meta">
                {' ('}
                {open! + 1}
                {' of '}
                {count}
                {')'}
              </span>
            </figcaption>
          </figure>
        ) : null}
        <div className="lightbox-controls">
          <button type="button" onClick={() => show((open ?? 0) - 1)} aria-label="Previous photo">
            <UiIcon name="left" />
          </button>
          <button type="button" onClick={() => show((open ?? 0) + 1)} aria-label="Next photo">
            <UiIcon name="right" />
          </button>
          <button type="button" onClick={close} aria-label="Close photo viewer">
            <UiIcon name="close" />
          </button>
        </div>
      </dialog>
    </>
  );
}
