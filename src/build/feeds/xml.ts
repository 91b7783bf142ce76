/** XML's five special characters: most values (paths, dates) have none, and go out as they are. */
const SPECIAL = /[&<>"']/;

/** Text and attribute values for XML documents. */
export function xmlEscape(value: string): string {
  if (!SPECIAL.test(value)) return value;
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}
