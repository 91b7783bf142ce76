import type { BootData, Payload } from '../src/contract/index.ts';

export const BOOT_ID = '__FH_BOOT__';
export const PAYLOAD_ID = '__FH_PAYLOAD__';
export const APP_ID = 'app';

export function readJson<T>(id: string): T | null {
  const el = document.getElementById(id);
  return el?.textContent ? (JSON.parse(el.textContent) as T) : null;
}

export type { BootData, Payload };
