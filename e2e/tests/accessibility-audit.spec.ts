import type { Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/booking.js';
import { DEMO_ADMIN, expect, logIn, test } from '../support/fixtures.js';

// Issue 23 item 3, the audit behind /accessibility (docs/accessibility.md): axe on every public and
// admin page, in Dutch and English, at a phone's and a desktop's width; any serious or critical finding
// fails. (The booking flow's steps are checked along the way in booking.spec.ts.)

// Eight tests of one to two and a half minutes each (axe on the calendar alone takes 9 s): in the default
// mode they ran one after another on one worker, 10 of the run's 17 minutes, while the other worker ran
// every other spec. Each only reads, and signs in for itself: they may share out over the workers.
test.describe.configure({ mode: 'parallel' });

const PUBLIC_PAGES = [
  '/new',
  '/login',
  '/register',
  '/forgot-password',
  '/reset-password/some-token',
  '/invitation/some-token',
  '/setup',
  '/edit-appointment/no-such-token',
  '/cancel-appointment/no-such-token',
  '/Appointment/Index/1',
  '/accessibility',
  '/privacy',
  '/404',
  '/500',
];

// In two halves: on the slowest machine here one test of all nineteen took 2.9 of its 3 minutes.
const ADMIN_PAGES = [
  [
    '/home',
    '/profile',
    '/calendar',
    '/appointments',
    '/locations',
    '/locations/new',
    '/location/1',
    '/front-desks',
    '/front-desks/new',
    '/front-desk/1',
  ],
  [
    '/organisation',
    '/products',
    '/products/new',
    '/product/1',
    '/product/1/files',
    '/users',
    '/audit',
    '/statistics',
    '/privacy-requests',
  ],
];

const WIDTHS = { phone: { width: 390, height: 844 }, desktop: { width: 1280, height: 800 } } as const;

/**
 * Goes to `path` inside the running app, as its own links do (the router follows history), and waits
 * until the new page's heading is there. Loading every page afresh spent two thirds of the audit on
 * starting the app again (62 of 94 s for one language and width on a 2-core machine; 28 s this way).
 * The headings on screen are marked first and the wait is for an unmarked one, so the previous page is
 * never audited under the new address; a page that kept the previous one's heading element would fail
 * the wait, not pass unseen.
 */
async function goInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    document.querySelectorAll('h1').forEach((h) => h.setAttribute('data-audited', ''));
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  // A patience limit, not a speed check: /statistics draws its charts after its data, and once took
  // over 10 s to show its heading on a loaded 2-core machine.
  await expect(page.locator('h1:not([data-audited])').first(), path).toBeVisible({ timeout: 30_000 });
}

/**
 * Opens the first page, then goes to each of the others inside the app, and runs axe on each once its
 * heading is there, in the language the page was asked in.
 */
async function audit(page: Page, paths: string[], language: string, where: string): Promise<void> {
  for (const [i, path] of paths.entries()) {
    if (i === 0) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 }).first(), path).toBeVisible({ timeout: 30_000 });
    } else await goInApp(page, path);
    await expect(page.locator('html'), path).toHaveAttribute('lang', language);
    await expectNoSeriousA11yViolations(page, `${path} (${where})`);
  }
}

for (const language of ['nl', 'en'] as const)
  for (const [name, size] of Object.entries(WIDTHS))
    test.describe(`${language}, ${name} (${size.width} px)`, () => {
      test.use({ viewport: size, locale: language === 'nl' ? 'nl-NL' : 'en-GB' });
      test.beforeEach(async ({ page }) => {
        // The interface language a visitor chose before (the language switch keeps it here).
        await page.addInitScript((code) => window.localStorage.setItem('ui_language', code), language);
      });

      test('public pages have no serious or critical axe findings', async ({ page }) => {
        test.slow();
        await audit(page, PUBLIC_PAGES, language, `${language}, ${name}`);
      });

      for (const [half, pages] of ADMIN_PAGES.entries())
        test(`admin pages (${half + 1} of ${ADMIN_PAGES.length}) have no serious or critical axe findings`, async ({
          page,
        }) => {
          test.slow();
          await logIn(page, DEMO_ADMIN);
          // Signed in, the account's language rules (spec §4): the admin switches, and switches back after.
          const switchTo = async (menuItem: RegExp) => {
            await page.getByRole('button', { name: /Kies een taal|Choose a language/ }).click();
            await page.getByRole('menuitem', { name: menuItem }).click();
          };
          if (language === 'en') await switchTo(/English/);
          try {
            await audit(page, pages, language, `${language}, ${name}`);
          } finally {
            if (language === 'en') await switchTo(/Nederlands/);
          }
        });
    });
