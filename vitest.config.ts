import { defineConfig } from 'vitest/config';
import { ROUTES } from './src/pages/index.ts';
import { buildTestsInMemory } from './tests/helpers/fast-tmp.ts';

buildTestsInMemory();

export default defineConfig({
  // The route table reaches browser code as data (src/routes/injected.ts), as the bundler gives it.
  define: { __FH_ROUTES__: JSON.stringify(ROUTES) },
  test: {
    include: ['tests/**/*.test.ts', 'tests/**/*.test.tsx'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    reporters: ['default'],
  },
});
