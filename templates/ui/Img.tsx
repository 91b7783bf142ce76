import type { Ref } from 'react';
import type { Image } from '../../src/api/schemas/common.ts';

interface Props {
  image: Image | null | undefined;
  /** Used when the image is missing (default photos from the settings). */
  fallback?: Image | null;
  className?: string;
  /** The first large image of a page loads eagerly; the rest lazily. */
  eager?: boolean;
  sizes?: string;
  /** Decorative images get an empty alt. */
  decorative?: boolean;
  ref?: Ref<HTMLImageElement>;
  onError?: () => void;
}

/**
 * An image with its intrinsic size (no layout shift), lazy by default. An image the API sent without its size
 * (most CDNs give none) is drawn in a 3:2 box (`data-unsized`, see the styles), so it cannot move the page either.
 */
export function Img({ image, fallback, className, eager, sizes, decorative, ref, onError }: Props) {
  const img = image ?? fallback;
  if (!img) return null;
  return (
    <img
      ref={ref}
      src={img.url}
      alt={decorative ? '' : img.alt}
      width={img.width ?? undefined}
      height={img.height ?? undefined}
      data-unsized={img.width && img.height ? undefined : ''}
      className={className}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      fetchPriority={eager ? 'high' : undefined}
      sizes={sizes}
      onError={onError}
    />
  );
}
