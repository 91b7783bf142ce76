import type { SiteData } from '../../src/contract/index.ts';

/** A content icon (sport, social) resolved at build time and inlined as SVG. */
export function ContentIcon({
  name,
  site,
  label,
  className,
}: {
  name: string | null | undefined;
  site: SiteData;
  label?: string;
  className?: string;
}) {
  const icon = name ? site.icons[name] : undefined;
  if (!icon) return null;
  return (
    <svg
      className={className ?? 'icon'}
      viewBox={`0 0 ${icon.width} ${icon.height}`}
      width="1em"
      height="1em"
      aria-hidden={label ? undefined : true}
      role={label ? 'img' : undefined}
      aria-label={label}
      focusable="false"
      dangerouslySetInnerHTML={{ __html: icon.body }}
    />
  );
}

const PATHS = {
  menu: 'M4 6h16M4 12h16M4 18h16',
  close: 'M6 6l12 12M18 6L6 18',
  chevron: 'M6 9l6 6 6-6',
  left: 'M15 6l-6 6 6 6',
  right: 'M9 6l6 6-6 6',
  search: 'M11 18a7 7 0 1 0 0-14 7 7 0 0 0 0 14zM16 16l5 5',
  calendar: 'M4 6h16v14H4zM4 10h16M8 3v4M16 3v4',
  ticket: 'M3 8a2 2 0 0 0 0 4v4h18v-4a2 2 0 0 1 0-4V5H3zM14 5v11',
  tv: 'M3 6h18v12H3zM8 21h8',
  radio: 'M3 8h18v12H3zM7 8l10-5M6 12h4M6 16h4',
  stream: 'M5 12a7 7 0 0 1 14 0M8 12a4 4 0 0 1 8 0M12 12v.01',
  email: 'M3 5h18v14H3zM3 7l9 6 9-6',
  phone: 'M5 4h4l2 5-2.5 1.5a11 11 0 0 0 5 5L15 13l5 2v4a2 2 0 0 1-2 2A16 16 0 0 1 3 6a2 2 0 0 1 2-2',
  play: 'M8 5v14l11-7z',
  file: 'M6 3h8l4 4v14H6zM14 3v4h4',
  pin: 'M12 21s-7-6-7-11a7 7 0 0 1 14 0c0 5-7 11-7 11zM12 12a2 2 0 1 0 0-4 2 2 0 0 0 0 4z',
  external: 'M14 4h6v6M20 4l-9 9M18 14v6H4V6h6',
} as const;
export type UiIconName = keyof typeof PATHS;

/** Interface icons of our own design system. Decorative: the text beside them says what they mean. */
export function UiIcon({ name, className }: { name: UiIconName; className?: string }) {
  return (
    <svg
      className={className ?? 'icon'}
      viewBox="0 0 24 24"
      width="1em"
      height="1em"
      aria-hidden="true"
      focusable="false"
    >
      <path
        d={PATHS[name]}
        fill={name === 'play' ? 'currentColor' : 'none'}
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
