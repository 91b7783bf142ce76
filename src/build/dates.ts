/**
 * The build's clock. SOURCE_DATE_EPOCH (the reproducible-builds convention, in seconds) pins it, so a rebuild
 * on another day can still be byte-identical.
 */
export function buildClock(env: NodeJS.ProcessEnv = process.env): Date {
  const epoch = env.SOURCE_DATE_EPOCH;
  if (epoch && /^\d+$/.test(epoch)) return new Date(Number(epoch) * 1000);
  return new Date();
}
