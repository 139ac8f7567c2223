import '@testing-library/jest-dom/vitest';
import { afterEach, beforeAll } from 'vitest';
import { cleanup } from '@testing-library/react';
import { initTestI18n } from './i18n';

beforeAll(async () => {
  await initTestI18n();
});

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});
