import { defineConfig } from '@playwright/test';
import { CHROMIUM } from './scripts/chromium.ts';
import { buildTestsInMemory } from './tests/helpers/fast-tmp.ts';

buildTestsInMemory();

/** The port `site preview` serves the e2e site on; FH_E2E_PORT moves it (two checkouts testing at once). */
export const E2E_PORT = Number(process.env.FH_E2E_PORT ?? 4273);

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
  globalSetup: './tests/e2e/global-setup.ts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 30_000,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
    launchOptions: CHROMIUM,
  },
});
