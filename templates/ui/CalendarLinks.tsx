import type { SiteData } from '../../src/contract/index.ts';
import { UiIcon } from './icons.tsx';

/** Subscribe to a schedule's iCalendar feed in a calendar app (webcal:), or download it. */
export function CalendarLinks({ href, label, site }: { href: string; label: string; site: SiteData }) {
  const webcal = `${site.siteUrl.replace(/^https?:/, 'webcal:')}${href}`;
  return (
    <p className="calendar-links">
      <a href={webcal}>
        <UiIcon name="calendar" /> Subscribe to {label} in your calendar app
      </a>
      <a href={href} download>
        Download the calendar (.ics)
      </a>
    </p>
  );
}
