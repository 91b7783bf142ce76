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
 * The flags to set: none that Node's command line already sets, so an engineer measuring another budget
 * (`node --max-inlined-bytecode-size-cumulative=920 bin/site.js build`) gets the one they asked for. (NODE_OPTIONS
 * cannot carry this flag: Node refuses it there.)
 */
export function compilerFlags(execArgv: readonly string[]): string[] {
  const flag = '--max-inlined-bytecode-size-cumulative';
  const given = execArgv.some((arg) => arg.replace(/_/g, '-').startsWith(flag));
  return given ? [] : [`${flag}=${INLINED_BYTECODE_CUMULATIVE}`];
}

/**
 * Tune V8's compiler for the CLI's work. Flags are the process's: the render and search threads started after this
 * share them. Called before the command's work starts: TurboFan compiles a function only once it is hot, and reads the
 * flag afresh for each compile.
 */
export function tuneCompiler(): void {
  for (const flag of compilerFlags(process.execArgv)) setFlagsFromString(flag);
}
