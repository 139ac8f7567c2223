import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.js';
import { PRODUCT } from '../support/booking.js';

// The server renders /new's first step into the HTML and the browser hydrates it (decision 0280).

/** Console errors and uncaught exceptions (a hydration mismatch is reported as either). */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/**
 * Keeps the page heading the server sent, taken before any script runs (module scripts run after the
 * document turns 'interactive'): hydration keeps that very element, a render from scratch replaces it.
 */
async function keepServerHeading(page: Page): Promise<void> {
  await page.addInitScript(() => {
    document.addEventListener('readystatechange', () => {
      if (document.readyState !== 'interactive') return;
      (window as unknown as { serverHeading: Element | null }).serverHeading =
        document.querySelector('#root h1');
    });
  });
}

const serverHeadingKept = (page: Page) =>
  page.evaluate(() => {
    const kept = (window as unknown as { serverHeading: Element | null }).serverHeading;
    return kept !== null && kept === document.querySelector('#root h1');
  });

test('a first visit gets the products in the HTML and hydrates them without errors; booking goes on', async ({
  page,
}) => {
  const html = await (await page.request.get('/new', { headers: { accept: 'text/html' } })).text();
  expect(html).toContain(`<div id="root"><`);
  expect(html).toContain(PRODUCT);

  const errors = collectErrors(page);
  await keepServerHeading(page);
  await page.goto('/new');
  await page.getByRole('button', { name: `${PRODUCT} toevoegen` }).click();
  await expect(page.getByRole('button', { name: `${PRODUCT} verwijderen` })).toBeVisible();
  expect(await serverHeadingKept(page)).toBe(true);

  // The demo offers it at two locations: the next step asks where (it loads in the browser, too).
  await page.getByRole('button', { name: 'Kies een vestiging' }).click();
  await expect(page.getByRole('heading', { name: 'Waar wilt u naartoe?' })).toBeVisible();
  expect(errors).toEqual([]);
});

test('a visitor who chose English gets the page rendered in the browser, in English, without errors', async ({
  page,
}) => {
  const errors = collectErrors(page);
  await keepServerHeading(page);
  await page.addInitScript(() => window.localStorage.setItem('ui_language', 'en'));
  await page.goto('/new');
  await expect(page.getByRole('heading', { name: 'What do you want to arrange?' })).toBeVisible();
  await expect(page.getByRole('button', { name: /toevoegen$/ })).toHaveCount(0);
  expect(await serverHeadingKept(page)).toBe(false);
  expect(errors).toEqual([]);
});

test('a booking in progress survives a reload: the browser renders it instead of the server page', async ({
  page,
}) => {
  const errors = collectErrors(page);
  await page.goto('/new');
  await page.getByRole('button', { name: `${PRODUCT} toevoegen` }).click();
  await keepServerHeading(page);
  await page.reload();
  await expect(page.getByRole('button', { name: `${PRODUCT} verwijderen` })).toBeVisible();
  expect(await serverHeadingKept(page)).toBe(false);
  expect(errors).toEqual([]);
});
