/**
 * What a run of UTF-8 bytes holds that keeps it from being copied as it is into XML or JSON text: one pass over the
 * bytes, for the build's long lists (the sitemap and the build's manifest take each page's path from the list of
 * pages as bytes, and decode a path only when it needs escaping or comparing as text).
 */

/** One of XML's five special characters: `&`, `<`, `>`, `"`, `'`. */
export const XML_SPECIAL = 1;
/** A byte past ASCII: bytes then order otherwise than JavaScript's strings may (UTF-16 code units). */
export const NON_ASCII = 2;
/** What JSON.stringify escapes in a string of whole characters: `"`, `\` and the control characters below 0x20. */
export const JSON_SPECIAL = 4;

const classes = new Uint8Array(256);
for (const char of '&<>"\'') classes[char.charCodeAt(0)]! |= XML_SPECIAL;
for (let byte = 0x80; byte < 256; byte++) classes[byte] = NON_ASCII;
for (let byte = 0; byte < 0x20; byte++) classes[byte]! |= JSON_SPECIAL;
classes[0x22]! |= JSON_SPECIAL;
classes[0x5c]! |= JSON_SPECIAL;

/** The classes (a bit mask of the above) of the bytes from `start` to `end`. */
export function byteClasses(bytes: Uint8Array, start: number, end: number): number {
  let found = 0;
  for (let at = start; at < end; at++) found |= classes[bytes[at]!]!;
  return found;
}

/**
 * Does the text of `a[aStart, aEnd)` come before that of `b[bStart, bEnd)`, in JavaScript's string order? Bytes
 * compare as code points do, which is JavaScript's order for ASCII; past it (`NON_ASCII` in either's classes), the
 * two are decoded and compared.
 */
export function textBefore(
  a: Buffer,
  aStart: number,
  aEnd: number,
  aClasses: number,
  b: Buffer,
  bStart: number,
  bEnd: number,
  bClasses: number,
): boolean {
  if ((aClasses | bClasses) & NON_ASCII) return a.toString('utf8', aStart, aEnd) < b.toString('utf8', bStart, bEnd);
  // Byte by byte (a call to Buffer's compare costs more than the bytes of a path).
  const length = Math.min(aEnd - aStart, bEnd - bStart);
  for (let i = 0; i < length; i++) {
    const difference = a[aStart + i]! - b[bStart + i]!;
    if (difference) return difference < 0;
  }
  return aEnd - aStart < bEnd - bStart;
}

/**
 * Copy `from[start, end)` into `to` at `at` (which must have room): a short run byte by byte, which costs less than
 * a call to Buffer's copy (most of the build's runs are a path or a tag). The bytes copied.
 */
export function copyBytes(from: Uint8Array, start: number, end: number, to: Uint8Array, at: number): number {
  if (end - start > 64) to.set(from.subarray(start, end), at);
  else for (let i = start; i < end; i++) to[at++] = from[i]!;
  return end - start;
}
