import { defineConfig } from '@playwright/test';
import { CHROMIUM_LAUNCH } from './support/chromium.js';

/**
 * Browser tests against the built product (npm run build first; `npm run test:e2e` does it).
 * Each Playwright worker starts its own server on a free port with a fresh embedded database, a copy of
 * the demo database seeded once per run (see support/fixtures.ts and support/demo-template.ts), so tests
 * never share state across workers.
 */
export default defineConfig({
  testDir: './tests',
  // Migrates and seeds the demo database once; each worker's server starts from a copy of it.
  globalSetup: './support/demo-template.ts',
  outputDir: './test-results',
  fullyParallel: false,
  workers: 2,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    browserName: 'chromium',
    // The visitor's browser sits in New York: every time shown must still be Amsterdam's.
    timezoneId: 'America/New_York',
    locale: 'nl-NL',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: CHROMIUM_LAUNCH,
  },
});
