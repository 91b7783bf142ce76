import type { Ref } from 'react';
import type { Image } from '../../src/api/schemas/common.ts';
import { useMissing, usePicture } from './images.ts';

interface Props {
  image: Image | null | undefined;
  /** Used when the image is missing (default photos from the settings). */
  fallback?: Image | null;
  className?: string;
  /** The first large image of a page loads eagerly (with its placeholder colour); the rest lazily. */
  eager?: boolean;
  /** How wide the image shows, for the browser to pick a variant (`sizes`); the whole screen when not said. */
  sizes?: string;
  /** Decorative images get an empty alt. */
  decorative?: boolean;
  ref?: Ref<HTMLImageElement>;
  onError?: () => void;
}

/**
 * An image with its intrinsic size (no layout shift), lazy by default, in the variants the build encoded for it
 * (AVIF and WebP sources, a JPEG `srcset`; src/images/variants.ts) when it did. The size read from the file wins
 * over the API's; an image of unknown size (neither gave one) is drawn in a 3:2 box (`data-unsized`, see the
 * styles), so it cannot move the page either.
 */
export function Img({ image, fallback, className, eager, sizes, decorative, ref, onError }: Props) {
  const missing = useMissing();
  // An image the build could not get is not published: the fallback (a default photo), or nothing.
  const img = [image, fallback].find((i) => i && !missing(i.url));
  const picture = usePicture(img?.url ?? '');
  if (!img) return null;
  const width = picture.width ?? img.width ?? undefined;
  const height = picture.height ?? img.height ?? undefined;
  const shownAt = picture.srcSet ? (sizes ?? '100vw') : sizes;
  const element = (
    <img
      ref={ref}
      src={picture.src}
      srcSet={picture.srcSet}
      sizes={shownAt}
      alt={decorative ? '' : img.alt}
      width={width}
      height={height}
      data-unsized={width && height ? undefined : ''}
      className={className}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      fetchPriority={eager ? 'high' : undefined}
      style={eager && picture.color ? { backgroundColor: picture.color } : undefined}
      onError={onError}
    />
  );
  if (picture.sources.length === 0) return element;
  return (
    <picture>
      {picture.sources.map((source) => (
        <source key={source.type} type={source.type} srcSet={source.srcSet} sizes={shownAt} />
      ))}
      {element}
    </picture>
  );
}
