import type { APIRequestContext, Page } from '@playwright/test';
import { DEMO_ADMIN, expect, logIn, test } from '../support/fixtures.js';
import {
  chooseProduct,
  enabledDays,
  expectNoSeriousA11yViolations,
  fillDetails,
  PRODUCT,
  slotButtons,
} from '../support/booking.js';

// Issue 6: the admin's schedule screens, end to end against the real server (DESIGN §4, §5).

interface Slot {
  beginTime: string;
  endTime: string;
  desk: { id: number; name: string };
}

/** 'YYYY-MM-DD' in the provider's zone, `days` from now. */
const amsterdamDate = (days: number): string =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Amsterdam' }).format(
    new Date(Date.now() + days * 86_400_000),
  );
const isoWeekday = (date: string): number => new Date(`${date}T12:00:00Z`).getUTCDay() || 7;

async function passportItems(request: APIRequestContext) {
  const products = (await (await request.get('/api/products')).json()) as {
    id: number;
    title: string;
    timeUnit: number;
  }[];
  const passport = products.find((p) => p.title === PRODUCT)!;
  return { items: [{ productId: passport.id, amount: 1 }], minutes: passport.timeUnit };
}

/** Opens the calendar month of `date` and clicks that day (the calendar starts on the first bookable day). */
async function pickDay(page: Page, date: string): Promise<void> {
  const day = String(Number(date.slice(8, 10)));
  // The days load after the calendar appears; until then no day is enabled.
  await expect(enabledDays(page).first()).toBeVisible();
  const target = enabledDays(page).filter({ hasText: new RegExp(`^${day}$`) });
  for (let i = 0; i < 3 && (await target.count()) === 0; i++)
    await page.getByRole('button', { name: 'Volgende maand' }).click();
  await target.first().click();
}

test('an admin creates a desk with split hours and a partial closure; the booking page offers exactly what is left', async ({
  page,
  request,
}) => {
  const { items, minutes } = await passportItems(request);
  expect(minutes).toBe(12);
  // A Saturday: the demo desks are open on weekdays only, so every Saturday slot is the new desk's.
  let offset = 2;
  while (isoWeekday(amsterdamDate(offset)) !== 6 || /-(12-2[56]|01-01)$/.test(amsterdamDate(offset)))
    offset++;
  const saturday = amsterdamDate(offset);

  await logIn(page, DEMO_ADMIN);
  await page.goto('/front-desks');
  await page.getByRole('link', { name: 'Nieuwe balie' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Nieuwe balie' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'new desk');
  await page.getByLabel('Naam').fill('Zaterdagbalie');
  await page.getByLabel('Label in de agenda').fill('ZB');
  await page.getByRole('button', { name: 'Balie aanmaken' }).click();
  await expect(page).toHaveURL(/\/front-desk\/\d+$/);

  // Saturday 09:00–10:00 and 11:00–12:00.
  const day = page.getByRole('group', { name: 'zaterdag' });
  await day.getByRole('button', { name: 'Blok toevoegen op zaterdag' }).click();
  await day.getByLabel('Dicht, zaterdag, blok 1').fill('10:00');
  await day.getByRole('button', { name: 'Blok toevoegen op zaterdag' }).click();
  await day.getByLabel('Dicht, zaterdag, blok 2').fill('12:00');
  await day.getByLabel('Open, zaterdag, blok 2').fill('11:00');
  await page.getByRole('button', { name: 'Openingstijden opslaan' }).click();
  await expect(page.getByText('Opgeslagen')).toBeVisible();

  // Closed that Saturday from 11:00 until 11:36.
  const closure = page.getByRole('form', { name: 'Sluiting toevoegen' });
  await closure.getByLabel('Datum').fill(saturday);
  await closure.getByRole('radio', { name: 'Deel van de dag' }).check();
  await closure.getByLabel('Van', { exact: true }).fill('11:00');
  await closure.getByLabel('Tot', { exact: true }).fill('11:36');
  await closure.getByLabel('Reden').fill('Training');
  await closure.getByRole('button', { name: 'Sluiting toevoegen' }).click();
  await expect(page.getByRole('list', { name: 'Sluitingen' })).toContainText('11:00–11:36');
  await expectNoSeriousA11yViolations(page, 'desk page');

  const expected = ['09:00', '09:12', '09:24', '09:36', '09:48', '11:36', '11:48'];
  const slots = (await (
    await request.post('/api/timeslots', { data: { appointmentItems: items, date: saturday } })
  ).json()) as Slot[];
  expect(slots.map((s) => s.beginTime.slice(11, 16))).toEqual(expected);

  await page.goto('/new');
  await chooseProduct(page);
  await pickDay(page, saturday);
  await expect(slotButtons(page).first()).toBeVisible();
  expect((await slotButtons(page).allTextContents()).map((text) => text.trim().slice(0, 5))).toEqual(
    expected,
  );
});

test('closing a day that holds a booking lists it, and "move" puts it on another desk', async ({
  page,
  request,
}) => {
  const { items } = await passportItems(request);
  const days = (await (
    await request.post('/api/available-days', { data: { appointmentItems: items } })
  ).json()) as string[];
  const date = days[2]!;
  const slots = (await (
    await request.post('/api/timeslots', { data: { appointmentItems: items, date } })
  ).json()) as Slot[];
  const slot = slots[Math.floor(slots.length / 2)]!;
  const hold = (await (
    await request.post('/api/appointment/make-reservation', {
      data: { appointmentItems: items, fromDateTime: slot.beginTime },
    })
  ).json()) as { id: string; desk: { id: number } };
  const booked = (await (
    await request.post('/api/appointment', {
      data: {
        reservationId: hold.id,
        initials: 'K.',
        lastName: 'Verplaatst',
        email: 'k@example.com',
        phone: '0611111111',
      },
    })
  ).json()) as { token: string };

  await logIn(page, DEMO_ADMIN);
  await page.goto(`/front-desk/${hold.desk.id}`);
  const closure = page.getByRole('form', { name: 'Sluiting toevoegen' });
  await closure.getByLabel('Datum').fill(date);
  await closure.getByLabel('Reden').fill('Storing');
  await closure.getByRole('button', { name: 'Sluiting toevoegen' }).click();

  const dialog = page.getByRole('dialog', { name: 'Afspraken die door deze wijziging geraakt worden' });
  await expect(dialog.getByRole('listitem')).toHaveCount(1);
  await expect(dialog.getByRole('listitem')).toContainText('K. Verplaatst');
  await expect(dialog.getByRole('listitem')).toContainText(`1 × ${PRODUCT}`);
  await expectNoSeriousA11yViolations(page, 'affected appointments dialog');
  await dialog.getByRole('radio', { name: /Verplaatsen naar een andere balie/ }).check();
  await dialog.getByRole('button', { name: 'Opslaan met deze keuze' }).click();
  await expect(page.getByText('Opgeslagen')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Sluitingen' })).toContainText('Storing');

  const moved = (await (await request.get(`/api/appointment/by-token/${booked.token}`)).json()) as {
    status: string;
    fromDateTime: string;
    desk: { id: number };
  };
  expect(moved.status).toBe('confirmed');
  expect(moved.fromDateTime).toBe(slot.beginTime);
  expect(moved.desk.id).not.toBe(hold.desk.id);
});

test('an admin edits the organisation and a visitor sees it on the success page', async ({ page }) => {
  await logIn(page, DEMO_ADMIN);
  await page.getByRole('link', { name: 'Organisatie' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Organisatie' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'organisation');
  await page.getByLabel('Naam').fill('Gemeente Teststad');
  await page.getByLabel('Straat en huisnummer').fill('Marktplein 7');
  await page.getByLabel('Postcode').fill('1234 AB');
  await page.getByLabel('Plaats').fill('Teststad');
  await page.getByLabel('Telefoon').fill('+31 30 555 0101');
  await page.getByLabel('Website').fill('not a url');
  await page.getByLabel('Telefoon').focus();
  await expect(page.getByText('Vul een webadres in dat begint met https://')).toBeVisible();
  await page.getByLabel('Website').fill('https://www.teststad.example');
  await page.getByRole('button', { name: 'Opslaan' }).click();
  await expect(page.getByText('Opgeslagen')).toBeVisible();

  await page.goto('/new');
  const website = page.getByRole('link', { name: /Terug naar de website/ });
  await expect(website).toHaveAttribute('href', 'https://www.teststad.example');
  await expect(website).toHaveAttribute('target', '_blank');
  await expect(website).toHaveAccessibleName('Terug naar de website (opent in een nieuw tabblad)');
  await chooseProduct(page);
  await enabledDays(page).first().click();
  await slotButtons(page).first().click();
  await page.getByRole('button', { name: 'Volgende', exact: true }).click();
  await fillDetails(page, `org-${Date.now()}@example.com`);
  await page.getByRole('button', { name: 'Volgende', exact: true }).click();
  await page.getByRole('button', { name: 'Afspraak bevestigen' }).click();
  await expect(page.getByRole('heading', { name: 'Uw afspraak is bevestigd' })).toBeVisible();
  const where = page.getByRole('region', { name: 'Waar u ons vindt' });
  await expect(where).toContainText('Gemeente Teststad');
  await expect(where).toContainText('Marktplein 7, 1234 AB Teststad');
  await expect(where.getByRole('link', { name: '+31 30 555 0101' })).toHaveAttribute(
    'href',
    'tel:+31305550101',
  );
  await expectNoSeriousA11yViolations(page, 'success page with organisation');
});
