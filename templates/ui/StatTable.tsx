import { useState } from 'react';
import type { StatTable as Table } from '../../src/api/schemas/stats.ts';
import { RecordLink } from './RecordLink.tsx';
import { compareCells, compareNames } from './stat-sort.ts';

/**
 * A stats table with a caption and headers; columns sort by click or keyboard, by what their values mean
 * (stat-sort.ts), and the new order is announced. The table scrolls inside its wrapper with the names column held
 * in place, so a 22-column table never makes the page wider than a phone.
 */
const LABEL = '__label';

export function StatTable({
  table,
  linkFor,
  sortable = true,
}: {
  table: Table;
  /** A player's page, or null when the player has none. */
  linkFor?: (slug: string) => string | null;
  sortable?: boolean;
}) {
  const [sort, setSort] = useState<{ key: string; dir: 1 | -1 } | null>(null);
  const rows = sort
    ? [...table.rows].sort((a, b) =>
        sort.key === LABEL
          ? compareNames(a.label, b.label, sort.dir)
          : compareCells(a.cells[sort.key], b.cells[sort.key], sort.dir),
      )
    : table.rows;
  // Set one by one, not spread into the list: see Player's facts (issue 21).
  const titles = new Map<string, string>([[LABEL, table.kind === 'team' ? 'Team' : 'Name']]);
  for (const c of table.columns) titles.set(c.key, c.title);
  const header = (key: string, label: string, title: string) => {
    const active = sort?.key === key;
    const ariaSort = active ? (sort!.dir === 1 ? 'ascending' : 'descending') : undefined;
    // Names start A to Z, numbers highest first; a second press turns the order round.
    const first = key === LABEL ? 1 : -1;
    return (
      <th key={key} scope="col" aria-sort={ariaSort} title={title !== label ? title : undefined}>
        {sortable ? (
          <button
            type="button"
            className="sort"
            onClick={() => setSort({ key, dir: active ? (-sort!.dir as 1 | -1) : first })}
          >
            {label}
            <span className="visually-hidden">{title !== label ? ` (${title})` : ''}, sort</span>
          </button>
        ) : (
          label
        )}
      </th>
    );
  };
  if (table.rows.length === 0) return <p className="empty">{table.title}: no statistics yet.</p>;
  return (
    <div className="table-wrap" role="region" aria-label={table.title} tabIndex={0}>
      <table className="stats">
        <caption>
          {table.title}
          {sortable ? (
            <span className="visually-hidden" aria-live="polite">
              {sort ? `, sorted by ${titles.get(sort.key)}, ${sort.dir === 1 ? 'ascending' : 'descending'}` : ''}
            </span>
          ) : null}
        </caption>
        <thead>
          <tr>
            {header(LABEL, titles.get(LABEL)!, titles.get(LABEL)!)}
            {table.columns.map((c) => header(c.key, c.label, c.title))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, i) => (
            <tr key={`${row.label}-${i}`}>
              <th scope="row">
                {row.player_slug && linkFor ? (
                  <RecordLink href={linkFor(row.player_slug)}>{row.label}</RecordLink>
                ) : (
                  row.label
                )}
              </th>
              {table.columns.map((c) => (
                <td key={c.key}>{row.cells[c.key] ?? '–'}</td>
              ))}
            </tr>
          ))}
        </tbody>
        {table.totals ? (
          <tfoot>
            <tr>
              <th scope="row">Totals</th>
              {table.columns.map((c) => (
                <td key={c.key}>
                  {typeof table.totals![c.key] === 'number'
                    ? Math.round(Number(table.totals![c.key]) * 100) / 100
                    : (table.totals![c.key] ?? '–')}
                </td>
              ))}
            </tr>
          </tfoot>
        ) : null}
      </table>
    </div>
  );
}
