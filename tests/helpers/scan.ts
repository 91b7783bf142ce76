import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const escapeHtml = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#x27;');

/** Every file under `dir` that contains one of the strings (as written, HTML-escaped or JSON-escaped): "file: string". */
export function scanForStrings(dir: string, strings: string[]): string[] {
  const forms = new Map<string, string>();
  for (const s of strings) for (const form of [s, escapeHtml(s), JSON.stringify(s).slice(1, -1)]) forms.set(form, s);
  const pattern = new RegExp([...forms.keys()].map((f) => f.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|'), 'g');
  const found: string[] = [];
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (/\.(html|json|xml|ics|txt|js|css)$/.test(entry.name) || !entry.name.includes('.')) {
        for (const match of readFileSync(path, 'utf8').matchAll(pattern))
          found.push(`${relative(dir, path)}: ${forms.get(match[0])}`);
      }
    }
  };
  walk(dir);
  return [...new Set(found)];
}
