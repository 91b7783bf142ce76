import { useEffect, useRef, useState, type FormEvent, type MouseEvent } from 'react';
import type { SearchAnswer, SearchHit, SearchQuery } from '../../src/search/query.ts';
import { readSearch, searchHref } from '../../src/search/url.ts';
import { useActions } from '../actions.ts';
import { documentTitle } from '../../src/head/values.ts';
import { shortDate } from '../ui/format.ts';
import { PageHeader } from '../ui/page.tsx';
import type { PageProps } from '../types.ts';
import type { SearchData } from '../../src/pages/families/search.ts';

const TYPE_LABELS: Record<SearchHit['type'], string> = {
  article: 'News',
  player: 'Player',
  coach: 'Coach',
  staff: 'Staff',
  page: 'Page',
  sport: 'Team',
  schedule: 'Schedule',
  roster: 'Roster',
  video: 'Video',
  gallery: 'Gallery',
};

/** The search form shows the search being made: on arrival, and when a suggestion is followed. */
function showInForm(form: HTMLFormElement | null, query: SearchQuery): void {
  if (!form) return;
  (form.elements.namedItem('s') as HTMLInputElement).value = query.s;
  (form.elements.namedItem('sport') as HTMLSelectElement).value = query.sport ?? '';
  (form.elements.namedItem('team_name') as HTMLInputElement).value = query.teamName ?? '';
}

type State = { kind: 'idle' } | { kind: 'searching' } | { kind: 'done'; answer: SearchAnswer } | { kind: 'failed' };

/** /search?s=…: the form is in the HTML; the results come from the search index (or the API) in the browser. */
export default function Search({ site }: PageProps<SearchData>) {
  const actions = useActions();
  const [query, setQuery] = useState<SearchQuery | null>(null);
  const [state, setState] = useState<State>({ kind: 'idle' });
  const form = useRef<HTMLFormElement>(null);

  // The query in the address bar is the search: on arrival, after reload, from a shared link.
  useEffect(() => {
    if (!actions) return;
    const initial = readSearch(location.search);
    showInForm(form.current, initial);
    setQuery(initial);
  }, [actions]);

  useEffect(() => {
    if (!actions || !query) return;
    if (!query.s.trim()) return setState({ kind: 'idle' });
    let current = true;
    setState({ kind: 'searching' });
    actions.search(query).then(
      (answer) => current && setState({ kind: 'done', answer }),
      () => current && setState({ kind: 'failed' }),
    );
    return () => {
      current = false;
    };
  }, [actions, query]);

  // The query in the title: the tab, the history list and the screen reader's page announcement name the search.
  useEffect(() => {
    if (!query?.s.trim()) return;
    const page = (query.page ?? 1) > 1 ? `, page ${query.page}` : '';
    document.title = documentTitle(
      { title: `Search: “${query.s.trim()}”${page}`, description: null, image: null, type: 'website' },
      site,
    );
  }, [query, site]);

  const run = (next: SearchQuery) => {
    if (!actions) return;
    actions.showSearch(next);
    setQuery(next);
  };
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (!actions) return; // not interactive yet: the browser submits the GET form itself
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    run({
      s: String(data.get('s') ?? '').trim(),
      sport: String(data.get('sport') ?? '') || null,
      teamName: String(data.get('team_name') ?? '').trim() || null,
      page: 1,
    });
  };
  const toSearch = (next: SearchQuery) => (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    showInForm(form.current, next);
    run(next);
    document.getElementById('search-status')?.focus();
  };
  const toPage = (page: number) => toSearch({ ...query!, page });

  return (
    <>
      <PageHeader title="Search" crumbs={[{ label: 'Home', href: '/' }, { label: 'Search' }]} />
      <div className="container narrow">
        <form ref={form} role="search" action="/search" method="get" className="search-form" onSubmit={onSubmit}>
          <label htmlFor="search-input">Search {site.settings.site_title}</label>
          <div className="search-row">
            <input id="search-input" type="search" name="s" autoComplete="off" />
            <button type="submit" className="button">
              Search
            </button>
          </div>
          <div className="search-row search-filters">
            <label>
              Sport{' '}
              <select name="sport" defaultValue="">
                <option value="">All sports</option>
                {site.sports.map((s) => (
                  <option key={s.slug} value={s.slug}>
                    {s.name}
                  </option>
                ))}
              </select>
            </label>
            <label>
              {'Team name'} <input type="text" name="team_name" placeholder="e.g. basketball" autoComplete="off" />
            </label>
          </div>
        </form>
        <Results
          state={state}
          query={query}
          toPage={toPage}
          toSearch={toSearch}
          timeZone={site.settings.website_timezone}
        />
      </div>
    </>
  );
}

function Results({
  state,
  query,
  toPage,
  toSearch,
  timeZone,
}: {
  state: State;
  query: SearchQuery | null;
  toPage: (page: number) => (event: MouseEvent<HTMLAnchorElement>) => void;
  toSearch: (next: SearchQuery) => (event: MouseEvent<HTMLAnchorElement>) => void;
  timeZone: string;
}) {
  const status =
    state.kind === 'searching'
      ? 'Searching…'
      : state.kind === 'failed'
        ? 'Search is not available just now. Please try again in a moment.'
        : state.kind === 'done'
          ? state.answer.total
            ? `${state.answer.total.toLocaleString('en-US')} result${state.answer.total === 1 ? '' : 's'} for “${query?.s.trim()}”`
            : `No results for “${query?.s.trim()}”.`
          : '';
  const corrected = state.kind === 'done' ? state.answer.corrected : null;
  const filtered = Boolean(query?.sport || query?.teamName);
  return (
    <div id="search-results">
      <div id="search-status" className="search-status" role="status" tabIndex={-1}>
        <p>{status}</p>
        {state.kind === 'done' && state.answer.total && corrected ? (
          <p className="search-hint">Showing results for “{corrected}”.</p>
        ) : null}
        {state.kind === 'done' && !state.answer.total ? (
          <p className="search-hint">
            {corrected ? (
              <>
                {'Did you mean '}
                <a
                  href={searchHref({ ...query!, s: corrected, page: 1 })}
                  onClick={toSearch({ ...query!, s: corrected, page: 1 })}
                >
                  “{corrected}”
                </a>
                {'? '}
              </>
            ) : null}
            {filtered ? (
              <>
                <a
                  href={searchHref({ s: query!.s.trim(), page: 1 })}
                  onClick={toSearch({ s: query!.s.trim(), page: 1 })}
                >
                  Search all sports and teams
                </a>
                {', or try '}
              </>
            ) : (
              'Try '
            )}
            fewer or different words.
          </p>
        ) : null}
      </div>
      {state.kind === 'done' && state.answer.hits.length ? (
        <>
          <ol className="search-hits">
            {state.answer.hits.map((hit) => (
              <li key={hit.path} className="search-hit">
                <p className="eyebrow">
                  {TYPE_LABELS[hit.type]}
                  {hit.sport ? ` · ${hit.sport.name}` : ''}
                  {hit.date ? (
                    <>
                      {' · '}
                      <time dateTime={hit.date}>{shortDate(hit.date, timeZone)}</time>
                    </>
                  ) : null}
                </p>
                <h2>
                  <a href={hit.path}>{hit.title}</a>
                </h2>
                {hit.summary ? <p>{hit.summary}</p> : null}
              </li>
            ))}
          </ol>
          {state.answer.pages > 1 ? (
            <nav className="pager" aria-label="Search result pages">
              {state.answer.page > 1 ? (
                <a
                  href={searchHref({ ...query!, page: state.answer.page - 1 })}
                  onClick={toPage(state.answer.page - 1)}
                >
                  Previous
                </a>
              ) : null}
              <span>
                Page {state.answer.page} of {state.answer.pages}
              </span>
              {state.answer.page < state.answer.pages ? (
                <a
                  href={searchHref({ ...query!, page: state.answer.page + 1 })}
                  onClick={toPage(state.answer.page + 1)}
                >
                  Next
                </a>
              ) : null}
            </nav>
          ) : null}
        </>
      ) : null}
    </div>
  );
}
