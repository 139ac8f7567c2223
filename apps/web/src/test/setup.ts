import '@testing-library/jest-dom/vitest';
import { afterEach, beforeAll } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { initTestI18n } from './i18n';

// Lazy route chunks load through Vite's transform; on a loaded 2-core machine that can take longer than
// Testing Library's default 1 s for findBy*. This is a patience limit, not a speed assertion.
configure({ asyncUtilTimeout: 10_000 });

beforeAll(async () => {
  await initTestI18n();
});

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});
