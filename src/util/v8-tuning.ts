import { setFlagsFromString } from 'node:v8';

/**
 * How much bytecode V8's optimising compiler (TurboFan) may inline into one function, in all: a quarter of V8's
 * default (920). A build runs the same large functions (the page components, the document, React's renderer) on
 * every render thread, and each thread compiles them again: with the default budget a component such as the box
 * score pulled so much into itself that one compile took 100–250 ms (`--trace-opt`), and V8's helper threads
 * (compiler and GC) took about a quarter of a scale-1 build's CPU. With this budget the compiles take about a third
 * less time, and the code they make runs as fast (issue 21; the README's Benchmarks, "The compiler's inlining
 * budget").
 */
export const INLINED_BYTECODE_CUMULATIVE = 230;

/**
 * How far V8 lets an old generation grow past what its last full collection kept before it starts the next one, in
 * percent: 300, a factor of 4, what V8 gives a heap capped at 2 GB or more. V8 gives a heap capped under 256 MB, as
 * on a small device, a factor of 1.1 to 1.3, and a render thread's is capped at 128 MB (pool.ts): each ran a full
 * collection every 500 pages or so, 110 of them at demo scale 10, marking its 40 MB of memos and code each time. With
 * this factor they run half as often: the build takes 4–7% less CPU, for 25–40 MB more at its peak (the garbage a
 * thread holds between collections). The cap holds all the same: V8 never sets a limit past halfway from what is
 * live to the cap (the README's Benchmarks, "The render threads' full collections").
 */
export const HEAP_GROWING_PERCENT = 300;

/** The V8 flags the CLI sets, with their values. */
const TUNED: readonly (readonly [flag: string, value: number])[] = [
  ['--max-inlined-bytecode-size-cumulative', INLINED_BYTECODE_CUMULATIVE],
  ['--heap-growing-percent', HEAP_GROWING_PERCENT],
];

/**
 * The flags to set: none that Node's command line already sets, so an engineer measuring another value
 * (`node --max-inlined-bytecode-size-cumulative=920 bin/site.js build`, `node --heap-growing-percent=0 …` for V8's
 * own choice) gets the one they asked for. (NODE_OPTIONS cannot carry these flags: Node refuses them there.)
 */
export function v8Flags(execArgv: readonly string[]): string[] {
  return TUNED.filter(([flag]) => !execArgv.some((arg) => arg.replace(/_/g, '-').startsWith(flag))).map(
    ([flag, value]) => `${flag}=${value}`,
  );
}

/**
 * Tune V8 for the CLI's work. Flags are the process's: the render and search threads started after this share
 * them. Called before the command's work starts: TurboFan reads its flag afresh for each compile, and the heap its
 * own after each full collection.
 */
export function tuneV8(): void {
  for (const flag of v8Flags(process.execArgv)) setFlagsFromString(flag);
}
