import { expectNoSeriousA11yViolations } from '../support/booking.js';
import { DEMO_USER, expect, logIn, test } from '../support/fixtures.js';

// DESIGN §8: WCAG 2.2 AA. The booking pages are checked in booking.spec.ts; every public and admin page in
// nl and en at phone and desktop width in accessibility-audit.spec.ts; these are the user's own pages.
test('signed-in pages have no serious or critical axe violations', async ({ page }) => {
  await logIn(page, DEMO_USER);
  for (const path of ['/home', '/profile', '/calendar', '/appointments']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoSeriousA11yViolations(page, path);
  }
});
