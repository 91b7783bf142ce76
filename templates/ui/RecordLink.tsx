import type { AnchorHTMLAttributes, ReactNode } from 'react';

/**
 * A link to a record's page, or its text alone when the record has no page: `paths` gives null for a record whose
 * slug the router refuses (its page is skipped), so no page links to a page the build did not write.
 */
export function RecordLink({
  href,
  children,
  ...rest
}: Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { href: string | null; children: ReactNode }) {
  if (href) {
    return (
      <a href={href} {...rest}>
        {children}
      </a>
    );
  }
  // A card's "stretched" link covers the card; without a page there is nothing to cover.
  return <span className={rest.className === 'stretched' ? undefined : rest.className}>{children}</span>;
}
