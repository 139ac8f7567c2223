import { expectNoSeriousA11yViolations } from '../support/booking.js';
import { DEMO_ADMIN, DEMO_USER, expect, logIn, test } from '../support/fixtures.js';

// DESIGN §8: WCAG 2.2 AA. The booking pages are checked in booking.spec.ts; these are the shell's.
test('guest pages have no serious or critical axe violations', async ({ page }) => {
  for (const path of [
    '/login',
    '/register',
    '/forgot-password',
    '/reset-password/some-token',
    '/404',
    '/500',
  ]) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoSeriousA11yViolations(page, path);
  }
});

test('signed-in pages have no serious or critical axe violations', async ({ page }) => {
  await logIn(page, DEMO_USER);
  for (const path of ['/home', '/profile', '/calendar', '/appointments']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoSeriousA11yViolations(page, path);
  }
});

test('admin pages have no serious or critical axe violations', async ({ page }) => {
  test.slow(); // thirteen pages, each loaded and scanned
  await logIn(page, DEMO_ADMIN);
  for (const path of [
    '/locations',
    '/locations/new',
    '/location/1',
    '/front-desks',
    '/front-desks/new',
    '/front-desk/1',
    '/organisation',
    '/products',
    '/products/new',
    '/product/1',
    '/product/1/files',
    '/users',
    '/audit',
  ]) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoSeriousA11yViolations(page, path);
  }
});
