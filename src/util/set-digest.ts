import { hash } from 'node:crypto';

/**
 * A digest of a set of entries in 32 bytes, whatever their number and order: the XOR of each entry's SHA-256.
 * Entries must be distinct (two equal ones cancel out); the build's are paths and URLs it has already deduplicated.
 */
export interface SetDigest {
  add(...parts: string[]): void;
  hex(): string;
}

export function createSetDigest(): SetDigest {
  const sum = Buffer.alloc(32);
  return {
    add(...parts) {
      const entry = hash('sha256', parts.join('\0'), 'buffer');
      for (let i = 0; i < 32; i++) sum[i]! ^= entry[i]!;
    },
    hex: () => sum.toString('hex'),
  };
}
