import { defineConfig } from 'vitest/config';

// One runner for every unit and API test; Playwright specs live in e2e/ and are never collected here.
export default defineConfig({
  test: {
    // Vitest's default is one worker per core less one: a single worker on CI's 2 cores. The API files wait
    // on PostgreSQL and PGlite's file I/O for much of their time, so three share the 2 cores well
    // (decision 0408).
    maxWorkers: 3,
    projects: [
      {
        resolve: { conditions: ['source'] },
        ssr: { resolve: { conditions: ['source'] } },
        test: { name: 'shared', root: 'packages/shared', include: ['src/**/*.test.ts'], environment: 'node' },
      },
      {
        resolve: { conditions: ['source'] },
        ssr: { resolve: { conditions: ['source'] } },
        test: {
          name: 'api',
          root: 'apps/api',
          include: ['src/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Files share a worker's loaded modules instead of importing the server again per file (decision
          // 0410); every file builds and closes its own app and database (useTestApp), so none sees another's.
          isolate: false,
        },
      },
      'apps/web/vitest.config.ts',
    ],
  },
});
