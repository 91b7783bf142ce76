import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Img } from './Img.tsx';
import { useMissing, usePicture } from './images.ts';
import type { Image } from '../../src/api/schemas/common.ts';

/** "D'Asia Smith-Jones" → "DS": the letters a photo's place shows when no photo loads. */
export function initialsOf(name: string): string {
  const words = name
    .replace(/^#?\d+\s+/, '')
    .split(/\s+/)
    .filter((w) => /\p{L}/u.test(w));
  const letter = (w: string | undefined) => (w ? ([...w].find((c) => /\p{L}/u.test(c)) ?? '') : '');
  return (letter(words[0]) + (words.length > 1 ? letter(words.at(-1)) : '')).toUpperCase();
}

/**
 * A person's photo that never shows the browser's broken image: the headshot, then the settings' default photo,
 * then the person's initials. A load that failed before the page hydrated is caught too (`decode()` rejects for
 * a broken image), so the swap does not depend on when the error came. With no image at all it draws nothing and
 * the page lays out without a photo column.
 */
export function Headshot({
  image,
  fallback,
  name,
  className,
  eager,
  decorative,
  sizes,
}: {
  image: Image | null | undefined;
  fallback?: Image | null;
  name: string;
  className?: string;
  eager?: boolean;
  /** How wide the photo shows (Img's `sizes`). */
  sizes?: string;
  /** Beside the person's name already (a roster card): an empty alt. */
  decorative?: boolean;
}) {
  const missing = useMissing();
  // A photo the build could not get is not published: the chain starts at what the page can show.
  const chain = [image, fallback].filter((i): i is Image => Boolean(i?.url) && !missing(i!.url));
  const [failed, setFailed] = useState<string[]>([]);
  const ref = useRef<HTMLImageElement>(null);
  const img = chain.find((i) => !failed.includes(i.url));
  const src = usePicture(img?.url ?? '').src;
  const fail = (url: string) => setFailed((list) => (list.includes(url) ? list : [...list, url]));
  useEffect(() => {
    const el = ref.current;
    if (!el || !img) return;
    el.decode().catch(() => {
      // decode() also rejects when the element's source changed meanwhile; only a broken image counts.
      if (el.complete && el.naturalWidth === 0 && el.getAttribute('src') === src) fail(img.url);
    });
  }, [img, src]);
  if (chain.length === 0) return null;
  if (!img)
    return (
      <span className={`${className ?? ''} initials`} aria-hidden="true">
        {initialsOf(name)}
      </span>
    );
  return (
    <Img
      key={img.url}
      ref={ref}
      image={img}
      className={className}
      eager={eager}
      decorative={decorative}
      sizes={sizes}
      onError={() => fail(img.url)}
    />
  );
}

/**
 * A person's page header: the photo column (headshot, default photo, initials) beside what `children` say, or the
 * whole width when the person has no photo and the site no default one.
 */
export function ProfileHeader({
  photo,
  fallback,
  name,
  children,
}: {
  photo: Image | null | undefined;
  fallback: Image | null;
  name: string;
  children: ReactNode;
}) {
  return (
    <header className={`profile-header${photo?.url || fallback?.url ? '' : ' no-photo'}`}>
      <Headshot image={photo} fallback={fallback} name={name} className="profile-photo" eager sizes="320px" />
      <div>{children}</div>
    </header>
  );
}
