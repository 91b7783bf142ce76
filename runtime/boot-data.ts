import type { Payload } from '../src/contract/index.ts';

/**
 * What every page's HTML tells the runtime, as inline JSON. The build id is not here: it sits in
 * <meta name="fh-build">, at a fixed offset the build patches once every page is written.
 */
export interface BootData {
  /** URL of the site-wide data file (hashed). */
  siteData: string;
}

export const BOOT_ID = '__FH_BOOT__';
export const PAYLOAD_ID = '__FH_PAYLOAD__';
export const APP_ID = 'app';

export function readJson<T>(id: string): T | null {
  const el = document.getElementById(id);
  return el?.textContent ? (JSON.parse(el.textContent) as T) : null;
}

export type { Payload };
