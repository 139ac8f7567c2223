import { defineConfig } from 'vitest/config';
import { defaultClientConditions } from 'vite';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  resolve: { conditions: ['source', ...defaultClientConditions] },
  // A test that renders as the server does runs in node (`@vitest-environment node`); it too takes
  // @balie/shared from its source, as the root config's projects do. Without this it needed the built
  // packages/shared/dist, which a fresh clone has only after a build (found by `npm run test:stress`).
  ssr: { resolve: { conditions: ['source'] } },
  test: {
    name: 'web',
    root: 'apps/web',
    include: ['src/**/*.test.{ts,tsx}', 'vite/**/*.test.ts'],
    environment: 'jsdom',
    setupFiles: ['src/test/setup.ts'],
    // Whole-page flows in jsdom take seconds; on a busy 2-core machine (CI, `npm run test:stress`) the
    // longest (the product form, field by field) took 45 s. One patience for every file, so a test need
    // not set its own; a wait for something that never comes still fails after 30 s (test/setup.ts).
    testTimeout: 120_000,
    // Files share a worker's loaded modules (MUI, the app, i18next) instead of importing them again per
    // file: the web run took 40 % less CPU. Each file still gets a fresh jsdom; what a test changes
    // outside it (globals, spies, fake timers, the interface language) is put back after every test in
    // test/setup.ts, and `npm run test:stress` shuffles the files to catch what leaks (decision 0410).
    isolate: false,
  },
});
