import { InvalidArgumentError } from 'commander';

/** commander argument parsers that say what is expected. */
export function integerIn(min: number, max: number) {
  return (value: string): number => {
    if (!/^-?\d+$/.test(value)) throw new InvalidArgumentError(`expected a whole number from ${min} to ${max}.`);
    const n = Number(value);
    if (n < min || n > max) throw new InvalidArgumentError(`expected a whole number from ${min} to ${max}, got ${n}.`);
    return n;
  };
}

export function fraction(value: string): number {
  const n = Number(value);
  if (value.trim() === '' || !Number.isFinite(n) || n < 0 || n > 1)
    throw new InvalidArgumentError('expected a share from 0 to 1, e.g. 0.05.');
  return n;
}

/** Exit codes of every command. */
export const EXIT = { ok: 0, failed: 1, usage: 2 } as const;
