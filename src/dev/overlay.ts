import type { ErrorRecord } from '../errors/error.ts';
import type { BundleProblem } from './bundler.ts';
import { withDevClient } from './client.ts';

/** An error as `site dev` shows it: in the page and in the terminal. */
export interface DevError {
  /** What failed, e.g. "Rendering /news failed" or "The bundle does not build". */
  title: string;
  message: string;
  /** What to do about it: the error catalogue's hint (src/errors/catalogue.ts), when the error has one. */
  hint: string | null;
  /** file:line:column, from esbuild's message or the first frame of the stack in the project's sources. */
  location: string | null;
  /** The source line, when esbuild gives it. */
  lineText: string | null;
}

/** A render error (from the worker, as an ErrorRecord) as a DevError. */
export function renderError(title: string, record: ErrorRecord): DevError {
  const [first, ...stack] = record.message.split('\n');
  return {
    title,
    message: record.code === 'Unexpected' ? (first ?? record.message) : record.message,
    hint: record.hint,
    location: sourceFrame(stack),
    lineText: null,
  };
}

/** The bundle's first error as a DevError (esbuild lists them in order; the first is the one to fix). */
export function bundleError(problems: BundleProblem[]): DevError {
  const first = problems[0]!;
  const more = problems.length > 1 ? ` (and ${problems.length - 1} more)` : '';
  return {
    title: 'The templates do not build',
    message: `${first.text}${more}`,
    hint: 'Fix the file at the place named below and save: the page comes back by itself.',
    location: first.location,
    lineText: first.lineText,
  };
}

/** The first frame of a stack that is in the project's sources (templates, runtime, src), as file:line:column. */
function sourceFrame(stack: string[]): string | null {
  for (const line of stack) {
    const m = /\(?((?:file:\/\/)?[^\s()]+):(\d+):(\d+)\)?$/.exec(line.trim());
    if (m && !m[1]!.includes('node_modules') && !m[1]!.startsWith('node:')) return `${m[1]}:${m[2]}:${m[3]}`;
  }
  return null;
}

/** One line per error for the terminal: title, message, where, and the hint. */
export function formatDevError(error: DevError): string {
  return [
    `${error.title}: ${error.message}`,
    error.location ? `  at ${error.location}` : '',
    error.lineText ? `  | ${error.lineText}` : '',
    error.hint ? `  hint: ${error.hint}` : '',
  ]
    .filter(Boolean)
    .join('\n');
}

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The error page `site dev` answers instead of the page, with the dev client (the next good change reloads it). */
export function overlayPage(error: DevError): string {
  const rows = [
    `<h1>${escapeHtml(error.title)}</h1>`,
    `<pre id="fh-dev-message">${escapeHtml(error.message)}</pre>`,
    error.location ? `<p id="fh-dev-location">at <code>${escapeHtml(error.location)}</code></p>` : '',
    error.lineText ? `<pre id="fh-dev-line">${escapeHtml(error.lineText)}</pre>` : '',
    error.hint ? `<p id="fh-dev-hint"><strong>What to do:</strong> ${escapeHtml(error.hint)}</p>` : '',
    '<p class="fh-dev-note">site dev: this page reloads by itself after your next change.</p>',
  ].join('');
  return withDevClient(
    `<!doctype html>\n<html lang="en"><head><meta charset="utf-8"><title>Error: ${escapeHtml(error.title)}</title>` +
      '<style>body{font:16px/1.5 system-ui,sans-serif;margin:0;background:#1d1f21;color:#eee}' +
      'main{max-width:60rem;margin:2rem auto;padding:1.5rem;border-top:6px solid #e5484d;background:#2a2c2f}' +
      'h1{font-size:1.4rem;color:#ff8a8a;margin-top:0}pre{white-space:pre-wrap;background:#111;padding:1rem;overflow:auto}' +
      'code{color:#9cdcfe}.fh-dev-note{color:#aaa;font-size:.9rem}</style></head>' +
      `<body><main id="fh-dev-overlay" role="alert">${rows}</main></body></html>\n`,
  );
}
