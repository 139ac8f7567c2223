import { expect, test } from '../support/fixtures.js';
import { waitForMail } from '../support/mail.js';
import {
  ANYWHERE,
  enabledDays,
  expectNoSeriousA11yViolations,
  fillDetails,
  NOORD,
  PRODUCT,
  slotButtons,
  STADHUIS,
} from '../support/booking.js';

// Issue 19: several locations, and desks that serve only some products (DESIGN §4b). The demo has the
// town hall (Balie 1) and Stadswinkel Noord (Balie 2, a notice for visitors); the driving licence is
// offered at the town hall only.
const DRIVING_LICENCE = 'Rijbewijs aanvragen of verlengen';

test.describe('a visitor on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('books a product offered at two locations at the second, and is told where to go', async ({
    page,
    server,
  }) => {
    const email = `noord-${Date.now()}@example.com`;
    await page.goto('/new');
    await page.getByRole('button', { name: `${PRODUCT} toevoegen` }).click();
    await page.getByRole('button', { name: 'Kies een vestiging' }).click();

    await expect(page.getByRole('heading', { name: 'Waar wilt u naartoe?' })).toBeVisible();
    const radios = page.getByRole('radio');
    await expect(radios).toHaveCount(3);
    // "Earliest anywhere" first, then the locations in their order, each with address and first free day.
    await expect(radios.nth(0)).toHaveAccessibleName(ANYWHERE);
    await expect(radios.nth(1)).toHaveAccessibleName(STADHUIS);
    await expect(radios.nth(2)).toHaveAccessibleName(NOORD);
    await expect(radios.nth(2)).toHaveAccessibleDescription(
      /Noorderplein 12.*Ingang naast de bibliotheek; lift aanwezig\..*Eerste vrije dag/,
    );
    await expectNoSeriousA11yViolations(page, 'location step');
    await page.screenshot({ path: test.info().outputPath('location-step-390.png'), fullPage: true });

    await radios.nth(2).check();
    await page.getByRole('button', { name: 'Kies datum en tijd' }).click();
    await expect(page.getByRole('heading', { name: 'Kies een datum en tijd' })).toBeVisible();
    await enabledDays(page).first().click();
    await slotButtons(page).first().click();
    await expect(page.getByText(/Voor u gereserveerd/)).toBeVisible();
    await page.getByRole('button', { name: 'Volgende', exact: true }).click();
    await fillDetails(page, email);
    await page.getByRole('button', { name: 'Volgende', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Controleer uw afspraak' })).toBeVisible();
    await page.getByRole('button', { name: 'Afspraak bevestigen' }).click();

    await expect(page.getByRole('heading', { name: 'Uw afspraak is bevestigd' })).toBeVisible();
    const main = page.getByRole('main');
    await expect(main).toContainText(NOORD);
    await expect(main).toContainText('Noorderplein 12');
    await expect(page.getByRole('link', { name: /Op de kaart/ })).toHaveAttribute(
      'href',
      /query=.*Noorderplein/,
    );
    await page.screenshot({ path: test.info().outputPath('success-noord-390.png'), fullPage: true });

    const mail = await waitForMail(server.dataDir, email);
    expect(mail.body).toContain(NOORD);
    expect(mail.body).toContain('Noorderplein 12');
    expect(mail.body).toContain('Ingang naast de bibliotheek');
  });

  test('is not asked where for a product one location offers', async ({ page }) => {
    await page.goto('/new');
    await page.getByRole('button', { name: `${DRIVING_LICENCE} toevoegen` }).click();
    await page.getByRole('button', { name: 'Kies datum en tijd' }).click();
    await expect(page.getByRole('heading', { name: 'Kies een datum en tijd' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Waar wilt u naartoe?' })).toHaveCount(0);
    expect(new URL(page.url()).searchParams.get('step')).not.toBe('location');
  });
});
