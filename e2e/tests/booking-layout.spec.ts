import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.js';
import {
  chooseProduct,
  enabledDays,
  expectNoSeriousA11yViolations,
  expectNoSidewaysScroll,
  fillDetails,
  slotButtons,
} from '../support/booking.js';

/**
 * "Now" for the server and the browser (decision 0231): a Tuesday at 10:00 in Amsterdam, so the first
 * free day has a row of slots whatever the hour the suite runs at (at 15:30 on the wall clock "today" had
 * one slot left and the second slot this test measures did not exist).
 */
const NOW = '2030-03-12T10:00:00+01:00';
test.use({ serverEnv: { BALIE_TEST_NOW: NOW } });

// Looked at by people, kept out of the repository.
const SCREENS = process.env.SCREENS_DIR;
const shot = async (page: Page, name: string) => {
  if (SCREENS) await page.screenshot({ path: `${SCREENS}/visitor-${name}.png`, fullPage: true });
};

for (const [label, viewport] of [
  ['phone', { width: 390, height: 844 }],
  ['small-phone', { width: 360, height: 740 }],
  ['desktop', { width: 1366, height: 900 }],
] as const) {
  test(`${label}: every booking page fits, the hold banner does not move the slots`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await page.clock.install({ time: new Date(NOW) });
    const check = async (where: string) => {
      await expectNoSidewaysScroll(page, where);
      await shot(page, `${label}-${where}`);
    };
    await page.goto('/new');
    await expect(page.getByRole('heading', { name: 'Wat wilt u regelen?' })).toBeVisible();
    await check('products');
    await chooseProduct(page);
    await enabledDays(page).first().click();
    const slot = slotButtons(page).nth(1);
    await expect(slot).toBeVisible();
    const box = await slot.boundingBox();
    // Where the slot sits in the page (not the viewport: clicking may scroll it into view).
    const pageTop = () => slot.evaluate((el) => el.getBoundingClientRect().top + window.scrollY);
    const topBefore = await pageTop();
    expect(box!.height).toBeGreaterThanOrEqual(44);
    expect(box!.width).toBeGreaterThanOrEqual(44);
    await check('time');
    await slot.click();
    await expect(page.getByRole('timer')).toBeVisible();
    // The banner appeared in room kept for it: the slot under the pointer stayed where it was.
    expect(Math.abs((await pageTop()) - topBefore)).toBeLessThanOrEqual(1);
    // The banner shares the steps' column.
    const banner = await page.getByRole('region', { name: /reservering/i }).boundingBox();
    const main = await page.locator('main h1').boundingBox();
    expect(Math.abs(banner!.x - main!.x)).toBeLessThanOrEqual(1);
    await check('time-held');

    await page.getByRole('button', { name: 'Volgende', exact: true }).click();
    await fillDetails(page, `layout-${label}@example.com`);
    await check('details');
    await page.getByRole('button', { name: 'Volgende', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Controleer uw afspraak' })).toBeVisible();
    await check('review');
    await page.getByRole('button', { name: 'Afspraak bevestigen' }).click();
    await expect(page.getByRole('heading', { name: 'Uw afspraak is bevestigd' })).toBeVisible();
    await check('success');

    await page.goto('/cancel-appointment/not-a-real-token');
    await expect(page.getByText('Ongeldige aanvraag')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Nieuwe afspraak maken' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'bad cancel link');
    await check('cancel-bad-link');
    await page.goto('/edit-appointment/not-a-real-token');
    await expect(page.getByText('Ongeldige aanvraag')).toBeVisible();
    await check('edit-bad-link');
    await page.getByRole('link', { name: 'Nieuwe afspraak maken' }).click();
    await expect(page.getByRole('heading', { name: 'Wat wilt u regelen?' })).toBeVisible();
  });
}

test('phone: the sticky selection bar never covers a chosen product or its notice', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/new');
  const bar = page.getByRole('region', { name: 'Uw keuze' });
  const adds = page.getByRole('button', { name: / toevoegen$/ });
  // Four products, the last ones low on the page: the fourth brings the 'maximum' alert and the bar grows.
  for (const index of [0, 3, 4, 4]) {
    const add = adds.nth(index);
    const title = (await add.getAttribute('aria-label'))!.replace(/ toevoegen$/, '');
    const card = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: title, exact: true }) });
    await add.click();
    const notice = card.getByRole('alert').or(card.locator('.MuiAlert-root'));
    await expect(async () => {
      const barTop = (await bar.boundingBox())!.y;
      const cardBox = (await card.boundingBox())!;
      expect(cardBox.y + cardBox.height, `card ${index} ends above the bar`).toBeLessThanOrEqual(barTop + 1);
      if ((await notice.count()) > 0) {
        const box = (await notice.first().boundingBox())!;
        expect(box.y + box.height).toBeLessThanOrEqual(barTop);
      }
    }).toPass({ timeout: 5000 });
  }
  await expect(bar.getByText(/dit is het maximum/)).toBeVisible();
});
