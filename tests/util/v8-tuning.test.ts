import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { compilerFlags, INLINED_BYTECODE_CUMULATIVE } from '../../src/util/v8-tuning.ts';

describe("the CLI's compiler tuning", () => {
  it("sets the inlining budget, unless Node's command line sets one", () => {
    expect(compilerFlags([])).toEqual([`--max-inlined-bytecode-size-cumulative=${INLINED_BYTECODE_CUMULATIVE}`]);
    expect(compilerFlags(['--max-inlined-bytecode-size-cumulative=920'])).toEqual([]);
    expect(compilerFlags(['--max_inlined_bytecode_size_cumulative=920'])).toEqual([]);
    expect(compilerFlags(['--enable-source-maps', '--max-old-space-size=4096'])).toHaveLength(1);
  });

  it("names a flag this Node's V8 knows (setFlagsFromString would ignore a misspelt one)", () => {
    // Node refuses to start with a V8 flag it does not know ("bad option"); this one starts and says nothing.
    const output = execFileSync(process.execPath, [...compilerFlags([]), '-e', 'process.stdout.write("ok")'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    expect(output).toBe('ok');
    expect(() =>
      execFileSync(process.execPath, ['--max-inlined-bytecode-size-cumulatve=1', '-e', '0'], { stdio: 'pipe' }),
    ).toThrow(/bad option/);
  });
});
