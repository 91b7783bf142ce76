import type { ExternalScript, RuntimeConfig } from '../src/contract/index.ts';
import { on } from './events.ts';

type PageScript = RuntimeConfig['pageScripts'][number];

/** Does a page script's configured path cover this path? Exact, prefix, or a regular expression. */
export function pathMatches(script: Pick<PageScript, 'path' | 'match'>, path: string): boolean {
  if (script.match === 'exact') return path === script.path;
  if (script.match === 'prefix') return path.startsWith(script.path);
  try {
    return new RegExp(script.path).test(path);
  } catch {
    return false;
  }
}

/** The external scripts a page wants: its page scripts, and its sport's script (or the default one). */
export function scriptsFor(
  path: string,
  sport: string | null,
  config: Pick<RuntimeConfig, 'pageScripts' | 'sportScripts'>,
): ExternalScript[] {
  const wanted: ExternalScript[] = config.pageScripts.filter((script) => pathMatches(script, path));
  const sportScript = sport ? (config.sportScripts.bySlug[sport] ?? config.sportScripts.default) : null;
  if (sportScript) wanted.push(sportScript);
  return wanted;
}

const keyOf = (script: ExternalScript) => `${script.src} ${JSON.stringify(script.attributes)}`;

/**
 * Behaviour §1: page- and sport-specific scripts load while the route wants them and are removed when the visitor
 * leaves; coming back loads them again.
 */
export function initScripts(config: Pick<RuntimeConfig, 'pageScripts' | 'sportScripts'>): void {
  const loaded = new Map<string, HTMLScriptElement>();
  on('page:end', ({ url, payload }) => {
    // The current sport (behaviour §4) is the route's sport parameter; routes without one clear it.
    const sport = !payload.error && typeof payload.params.sport === 'string' ? payload.params.sport : null;
    const wanted = new Map(scriptsFor(url.pathname, sport, config).map((s) => [keyOf(s), s]));
    for (const [key, element] of loaded) {
      if (wanted.has(key)) continue;
      element.remove();
      loaded.delete(key);
    }
    for (const [key, script] of wanted) {
      if (loaded.has(key)) continue;
      const element = document.createElement('script');
      element.async = true;
      element.src = script.src;
      for (const [name, value] of Object.entries(script.attributes)) element.setAttribute(name, value);
      element.dataset.fhScript = '';
      document.head.append(element);
      loaded.set(key, element);
    }
  });
}
