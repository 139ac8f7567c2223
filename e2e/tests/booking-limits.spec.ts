import type { Browser, Page } from '@playwright/test';
import { availableDays, bookThroughApi, slotsOn } from '../support/api.js';
import { chooseProduct, enabledDays, fillDetails, passportItems, slotButtons } from '../support/booking.js';
import { expect, test } from '../support/fixtures.js';
import { screenshots } from '../support/screens.js';
import { startServer } from '../support/server.js';

// DESIGN §6 (issue 18): what the booking page tells a visitor who meets a limit, against the built
// product with the limit set low. Screenshots at 390 and 1366 px with SCREENS_DIR (decision 0324).

/** A page (Dutch, browser in New York) on a server of its own started with `env`. */
async function onServer(browser: Browser, env: Record<string, string>, run: (page: Page) => Promise<void>) {
  const server = await startServer(env);
  const page = await browser.newPage({
    baseURL: server.url,
    timezoneId: 'America/New_York',
    locale: 'nl-NL',
  });
  try {
    await run(page);
  } finally {
    await page.close();
    await server.stop();
  }
}

test('a hold at its longest life offers no extend, says so, and says why it ended', async ({ browser }) => {
  // 15 s of life, less than the 1-minute term: the hold is at its maximum from the start.
  await onServer(browser, { RESERVATION_MINUTES: '1', HOLD_MAX_MINUTES: '0.25' }, async (page) => {
    await page.goto('/new');
    await chooseProduct(page);
    await enabledDays(page).first().click();
    await slotButtons(page).first().click();
    await expect(page.getByText(/Voor u gereserveerd/)).toBeVisible();
    await expect(
      page.getByText('Deze reservering kan niet verder worden verlengd.', { exact: true }),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Verlengen' })).toHaveCount(0);
    await screenshots(page, 'hold-at-maximum');
    await expect(
      page.getByText(
        'Uw reservering heeft de langste tijd bereikt dat een tijdslot kan worden vastgehouden en is beëindigd. Kies de tijd opnieuw.',
      ),
    ).toBeVisible({ timeout: 20_000 });
    await expect(page.getByText('Reservering verlopen.')).toHaveCount(0);
    // The day is still chosen: the slot is one click away.
    await expect(slotButtons(page).first()).toBeVisible();
    await screenshots(page, 'hold-ended-at-maximum');
  });
});

test('a visitor whose network holds the most slots is told so, not "something went wrong"', async ({
  browser,
}) => {
  await onServer(browser, { MAX_HOLDS_PER_CLIENT: '1' }, async (page) => {
    // Someone else on the same address (here the test itself) already holds a slot.
    const { items } = await passportItems(page.request);
    const [first] = await availableDays(page.request, items);
    const [slot] = await slotsOn(page.request, items, first!);
    const other = await page.request.post('/api/appointment/make-reservation', {
      data: { appointmentItems: items, fromDateTime: slot!.beginTime },
    });
    expect(other.status()).toBe(201);

    await page.goto('/new');
    await chooseProduct(page);
    await enabledDays(page).first().click();
    await slotButtons(page).first().click();
    await expect(
      page.getByText(/^Vanaf uw netwerk worden op dit moment te veel tijdsloten vastgehouden\./),
    ).toBeVisible();
    await expect(page.getByText('Er is iets misgegaan')).toHaveCount(0);
    await expect(page.getByText(/Voor u gereserveerd/)).toHaveCount(0);
    await screenshots(page, 'too-many-holds');
  });
});

test('an e-mail address with the most appointments ahead: no confirmation, back to the time step, told why', async ({
  browser,
}) => {
  await onServer(browser, { MAX_OPEN_APPOINTMENTS_PER_EMAIL: '1' }, async (page) => {
    const email = 'vol@example.com';
    const { items } = await passportItems(page.request);
    const days = await availableDays(page.request, items);
    const [slot] = await slotsOn(page.request, items, days.at(-1)!);
    await bookThroughApi(page.request, items, slot!.beginTime, { initials: 'J.', lastName: 'Jansen', email });

    await page.goto('/new');
    await chooseProduct(page);
    await enabledDays(page).first().click();
    await slotButtons(page).first().click();
    await page.getByRole('button', { name: 'Volgende', exact: true }).click();
    await fillDetails(page, email);
    await page.getByRole('button', { name: 'Volgende', exact: true }).click();
    await page.getByRole('button', { name: 'Afspraak bevestigen' }).click();

    await expect(page.getByRole('heading', { name: 'Kies een datum en tijd' })).toBeVisible();
    await expect(
      page.getByText(`Het e-mailadres ${email} heeft al het maximale aantal komende afspraken.`, {
        exact: false,
      }),
    ).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Uw afspraak is bevestigd' })).toHaveCount(0);
    await expect(page.getByText(/Voor u gereserveerd/)).toHaveCount(0);
    await screenshots(page, 'too-many-appointments');
  });
});
