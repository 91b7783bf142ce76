/** The demo CMS's icon set, served Iconify-style at /icons/fieldhouse.json?icons=a,b (24×24 bodies). */
export const ICON_PREFIX = 'fieldhouse';

const stroke = (d: string) =>
  `<path fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" d="${d}"/>`;
const ball = (inner: string) =>
  `<circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" stroke-width="2"/>${inner}`;

export const ICONS: Readonly<Record<string, string>> = {
  football: `<ellipse cx="12" cy="12" rx="10" ry="6" transform="rotate(-35 12 12)" fill="none" stroke="currentColor" stroke-width="2"/>${stroke('M9 15l6-6M10 11l1 1M12 9l1 1M11 13l1 1')}`,
  basketball: ball(stroke('M3 12h18M12 3v18M5.6 5.6c3.5 3.5 3.5 9.3 0 12.8M18.4 5.6c-3.5 3.5-3.5 9.3 0 12.8')),
  baseball: ball(stroke('M7 4.5c2 2.5 2 12.5 0 15M17 4.5c-2 2.5-2 12.5 0 15')),
  softball: ball(stroke('M7 4.5c2 2.5 2 12.5 0 15M17 4.5c-2 2.5-2 12.5 0 15')),
  soccer: ball(stroke('M12 7l4 3-1.5 4.5h-5L8 10zM12 7V3M16 10l4-1M14.5 14.5l2.5 3.5M9.5 14.5L7 18M8 10L4 9')),
  volleyball: ball(stroke('M12 3c0 5 2 8 8 10M12 12c-4 2-6 5-5 9M12 12c4 0 7-2 8-6')),
  hockey: stroke('M5 3l6 14h6M19 3l-6 14M4 20h6M15 20h5'),
  lacrosse:
    stroke('M6 20L15 9M15 9c-1-4 2-7 5-6s3 5 0 7-4 1-5-1z') + '<circle cx="6" cy="8" r="2" fill="currentColor"/>',
  'field-hockey': stroke('M7 3v12c0 3 3 5 6 3M17 17a2 2 0 1 0 0.1 0'),
  wrestling: stroke('M8 5a2 2 0 1 0 0.1 0M16 5a2 2 0 1 0 0.1 0M6 21l2-8 4 3 4-3 2 8M8 13l-2-4M16 13l2-4'),
  tennis: ball(stroke('M4 8c5 1 8 5 8 13M20 16c-5-1-8-5-8-13')),
  running: stroke('M13 4a2 2 0 1 0 0.1 0M6 20l4-6 3 2 1 5M10 14l1-5 4 3 3-1M11 9L7 10'),
  track: stroke('M4 18c4-10 12-10 16 0M7 18c3-7 7-7 10 0M3 21h18'),
  swimming: stroke(
    'M2 18c2 1.5 4 1.5 6 0s4-1.5 6 0 4 1.5 6 0M2 14c2 1.5 4 1.5 6 0s4-1.5 6 0 4 1.5 6 0M16 6a2 2 0 1 0 0.1 0M6 11l5-4 4 4',
  ),
  golf: stroke('M8 21V3l9 4-9 4M5 21h8'),
  rowing: stroke('M3 16h18l-3 3H6zM6 16L18 4M15 5l3 3'),
  gymnastics: stroke('M12 3a2 2 0 1 0 0.1 0M12 7v7M12 9l-6-4M12 9l6-4M12 14l-4 7M12 14l4 7'),
  campus: stroke('M3 21h18M5 21V10l7-5 7 5v11M9 21v-6h6v6'),
  instagram:
    '<rect x="3" y="3" width="18" height="18" rx="5" fill="none" stroke="currentColor" stroke-width="2"/><circle cx="12" cy="12" r="4" fill="none" stroke="currentColor" stroke-width="2"/><circle cx="17.5" cy="6.5" r="1.2" fill="currentColor"/>',
  x: stroke('M4 4l16 16M20 4L4 20'),
  facebook: stroke('M15 3h-2a4 4 0 0 0-4 4v3H6v4h3v7h4v-7h3l1-4h-4V7a1 1 0 0 1 1-1h2z'),
  youtube:
    '<rect x="2" y="5" width="20" height="14" rx="4" fill="none" stroke="currentColor" stroke-width="2"/><path d="M10 9l5 3-5 3z" fill="currentColor"/>',
  tiktok: stroke('M14 3v12a4 4 0 1 1-4-4M14 3c1 3 3 4 6 4'),
  linkedin:
    '<rect x="3" y="3" width="18" height="18" rx="2" fill="none" stroke="currentColor" stroke-width="2"/>' +
    stroke('M8 10v7M8 7v.1M12 17v-4a2 2 0 0 1 4 0v4M12 10v7'),
  calendar:
    '<rect x="3" y="5" width="18" height="16" rx="2" fill="none" stroke="currentColor" stroke-width="2"/>' +
    stroke('M3 10h18M8 3v4M16 3v4'),
  ticket: stroke('M3 8a2 2 0 0 0 0 4v4h18v-4a2 2 0 0 1 0-4V5H3zM14 5v11'),
  tv:
    '<rect x="3" y="6" width="18" height="12" rx="2" fill="none" stroke="currentColor" stroke-width="2"/>' +
    stroke('M8 21h8M9 2l3 4 3-4'),
  radio:
    '<rect x="3" y="8" width="18" height="12" rx="2" fill="none" stroke="currentColor" stroke-width="2"/>' +
    stroke('M7 8l10-5M15 14a2 2 0 1 0 0.1 0M6 12h4M6 16h4'),
  stream: stroke('M5 12a7 7 0 0 1 14 0M8 12a4 4 0 0 1 8 0') + '<circle cx="12" cy="12" r="1.5" fill="currentColor"/>',
  search: '<circle cx="11" cy="11" r="7" fill="none" stroke="currentColor" stroke-width="2"/>' + stroke('M16 16l5 5'),
  menu: stroke('M4 6h16M4 12h16M4 18h16'),
  close: stroke('M6 6l12 12M18 6L6 18'),
  'chevron-down': stroke('M6 9l6 6 6-6'),
  'chevron-left': stroke('M15 6l-6 6 6 6'),
  'chevron-right': stroke('M9 6l6 6-6 6'),
  email:
    '<rect x="3" y="5" width="18" height="14" rx="2" fill="none" stroke="currentColor" stroke-width="2"/>' +
    stroke('M3 7l9 6 9-6'),
  phone: stroke('M5 4h4l2 5-2.5 1.5a11 11 0 0 0 5 5L15 13l5 2v4a2 2 0 0 1-2 2A16 16 0 0 1 3 6a2 2 0 0 1 2-2'),
  play: '<path d="M8 5v14l11-7z" fill="currentColor"/>',
  document: stroke('M6 3h8l4 4v14H6zM14 3v4h4M9 12h6M9 16h6'),
};

/** Iconify JSON for the requested names; unknown names are listed under not_found. */
export function iconSet(names: readonly string[]) {
  const icons: Record<string, { body: string }> = {};
  const notFound: string[] = [];
  for (const name of names) {
    const body = ICONS[name];
    if (body) icons[name] = { body };
    else notFound.push(name);
  }
  return { prefix: ICON_PREFIX, icons, width: 24, height: 24, ...(notFound.length ? { not_found: notFound } : {}) };
}
