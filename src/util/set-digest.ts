import { hash } from 'node:crypto';

/**
 * A digest of a set of entries in 32 bytes, whatever their number and order: the XOR of each entry's SHA-256.
 * Entries must be distinct (two equal ones cancel out); the build's are paths and URLs it has already deduplicated.
 */
export interface SetDigest {
  /** Add an entry; adding it again takes it out. */
  add(...parts: string[]): void;
  /** Add every entry of another set's digest (its `hex`): the digest of both sets, when they share none. */
  merge(hex: string): void;
  hex(): string;
}

export function createSetDigest(from?: string): SetDigest {
  const sum = Buffer.alloc(32);
  const xor = (entry: Buffer) => {
    for (let i = 0; i < 32; i++) sum[i]! ^= entry[i]!;
  };
  const digest: SetDigest = {
    add: (...parts) => xor(hash('sha256', parts.join('\0'), 'buffer')),
    merge(hex) {
      if (!/^[0-9a-f]{64}$/.test(hex)) throw new Error(`Not a set digest: ${JSON.stringify(hex)}`);
      xor(Buffer.from(hex, 'hex'));
    },
    hex: () => sum.toString('hex'),
  };
  if (from !== undefined) digest.merge(from);
  return digest;
}
