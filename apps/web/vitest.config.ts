import { defineConfig } from 'vitest/config';
import { defaultClientConditions } from 'vite';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  resolve: { conditions: ['source', ...defaultClientConditions] },
  test: {
    name: 'web',
    root: 'apps/web',
    include: ['src/**/*.test.{ts,tsx}', 'vite/**/*.test.ts'],
    environment: 'jsdom',
    setupFiles: ['src/test/setup.ts'],
    // Whole-page flows in jsdom take seconds; on a busy 2-core CI machine the 5 s default is too tight.
    testTimeout: 20_000,
  },
});
