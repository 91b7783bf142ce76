import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { netlifyHeaders, netlifyRedirects } from './netlify.ts';
import { nginxInclude } from './nginx.ts';
import type { HostRules } from './rules.ts';
import { serveJson } from './serve.ts';
import { REDIRECTS_FILE } from '../../routes/url-rules.ts';

export { hostRules, type HostRules } from './rules.ts';

export const NGINX_FILE = '_site/nginx.conf';

/** Every host's copy of the same rules: `_redirects`, `_headers`, serve.json, the nginx include, redirects.json. */
export async function writeHostFiles(outDir: string, rules: HostRules): Promise<void> {
  await mkdir(join(outDir, '_site'), { recursive: true });
  await Promise.all([
    writeFile(join(outDir, '_redirects'), netlifyRedirects(rules)),
    writeFile(join(outDir, '_headers'), netlifyHeaders(rules)),
    writeFile(join(outDir, 'serve.json'), serveJson(rules)),
    writeFile(join(outDir, NGINX_FILE), nginxInclude(rules)),
    writeFile(
      join(outDir, REDIRECTS_FILE),
      JSON.stringify({ redirects: rules.redirects, shells: rules.rewrites.map((r) => r.regex) }),
    ),
  ]);
}
