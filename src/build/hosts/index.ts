import { NGINX_FILE, REDIRECTS_FILE } from '../../output/layout.ts';
import { cloudflareRoutes, cloudflareWorker } from './cloudflare.ts';
import type { OutputWriter } from '../../output/writer.ts';
import { netlifyHeaders, netlifyRedirects } from './netlify.ts';
import { nginxInclude } from './nginx.ts';
import type { HostRules } from './rules.ts';
import { serveJson } from './serve.ts';

export { hostRules, type HostRules } from './rules.ts';

/**
 * Every host's copy of the same rules: `_redirects`, `_headers`, serve.json, the nginx include, redirects.json, and
 * Cloudflare Pages' edge worker (`_worker.js`, `_routes.json`) built from `edgeWorker`, the bundled worker code.
 */
export function writeHostFiles(writer: OutputWriter, rules: HostRules, edgeWorker: string): void {
  writer.write('/_worker.js', cloudflareWorker(rules, edgeWorker));
  writer.write('/_routes.json', cloudflareRoutes());
  writer.write('/_redirects', netlifyRedirects(rules));
  writer.write('/_headers', netlifyHeaders(rules));
  writer.write('/serve.json', serveJson(rules));
  writer.write(`/${NGINX_FILE}`, nginxInclude(rules));
  writer.write(
    `/${REDIRECTS_FILE}`,
    JSON.stringify({ redirects: rules.redirects, shells: rules.rewrites.map((r) => r.regex) }),
  );
}
