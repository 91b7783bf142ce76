import { setFlagsFromString } from 'node:v8';

/**
 * How much bytecode V8's optimising compiler (TurboFan) may inline into one function, in all: a quarter of V8's
 * default (920). A build runs the same large functions (the page components, the document, React's renderer) on
 * every render thread, and each thread compiles them again: with the default budget a component such as the box
 * score pulled so much into itself that one compile took 100–250 ms, and the compiler threads took about a quarter of
 * a scale-1 build's CPU. With this budget the compiles are about 40% smaller and the code they make runs as fast
 * (issue 21; the README's Benchmarks, "The compiler's inlining budget").
 */
export const INLINED_BYTECODE_CUMULATIVE = 230;

/**
 * The flags to set: none that the command line (or NODE_OPTIONS) already sets, so an engineer measuring another
 * budget (`node --max-inlined-bytecode-size-cumulative=920 bin/site.js build`) gets the one they asked for.
 */
export function compilerFlags(execArgv: readonly string[], nodeOptions = ''): string[] {
  const flag = '--max-inlined-bytecode-size-cumulative';
  const given = [...execArgv, ...nodeOptions.split(/\s+/)].some((arg) => arg.replace(/_/g, '-').startsWith(flag));
  return given ? [] : [`${flag}=${INLINED_BYTECODE_CUMULATIVE}`];
}

/**
 * Tune V8's compiler for the CLI's work. Flags are the process's: the render and search threads started after this
 * share them. Called before anything of the command runs, so no function is compiled under the old budget that the
 * new one would change; the flag is read afresh by each compile.
 */
export function tuneCompiler(): void {
  for (const flag of compilerFlags(process.execArgv, process.env.NODE_OPTIONS)) setFlagsFromString(flag);
}
