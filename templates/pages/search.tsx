import { PageHeader } from '../ui/page.tsx';
import type { PageProps } from '../types.ts';

/** The search page's shell: the query lives in ?s=…, and the runtime fills the results. */
export default function Search({ site }: PageProps<'search'>) {
  return (
    <>
      <PageHeader title="Search" crumbs={[{ label: 'Home', href: '/' }, { label: 'Search' }]} />
      <div className="container narrow">
        <form role="search" action="/search" method="get" className="search-form">
          <label htmlFor="search-input">Search {site.settings.site_title}</label>
          <div className="search-row">
            <input id="search-input" type="search" name="s" autoComplete="off" />
            <select name="sport" aria-label="Sport" defaultValue="">
              <option value="">All sports</option>
              {site.sports.map((s) => <option key={s.slug} value={s.slug}>{s.name}</option>)}
            </select>
            <button type="submit" className="button">Search</button>
          </div>
        </form>
        <div id="search-results" aria-live="polite" />
      </div>
    </>
  );
}
