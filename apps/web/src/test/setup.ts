import '@testing-library/jest-dom/vitest';
import { afterEach, beforeAll, vi } from 'vitest';
import i18n from 'i18next';
import { cleanup, configure } from '@testing-library/react';
import { initTestI18n } from './i18n';

// Lazy route chunks load through Vite's transform; on a loaded 2-core machine that can take longer than
// Testing Library's default 1 s for findBy*, and under `npm run test:stress` longer than 10 s (a files
// page was not there after 10 s). A patience limit, not a speed assertion: a wait for something that
// never comes still fails.
configure({ asyncUtilTimeout: 30_000 });

// jsdom does no layout and has no scrollIntoView; the booking page scrolls a chosen card above its sticky
// bar (revealAbove). Without this the call throws inside an animation frame as an uncaught error. (A test
// of the server render runs in node, without a DOM.)
const inDom = typeof window !== 'undefined';
if (inDom) Element.prototype.scrollIntoView = function scrollIntoView() {};

beforeAll(async () => {
  await initTestI18n();
});

// The files of a worker share their modules (vitest.config.ts: isolate false): the next test, and the next
// file's set-up, start with real globals, spies and timers and in English, whatever this test did. (After
// each test, not Vitest's unstubGlobals/restoreMocks, which put things back only before the next test.)
afterEach(async () => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
  if (i18n.language !== 'en') await i18n.changeLanguage('en');
  if (!inDom) return;
  cleanup();
  window.localStorage.clear();
});
