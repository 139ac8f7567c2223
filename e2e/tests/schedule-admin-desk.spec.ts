import { slotsOn } from '../support/api.js';
import { DEMO_ADMIN, expect, logIn, test } from '../support/fixtures.js';
import { expectNoSeriousA11yViolations, offeredTimes, passportItems } from '../support/booking.js';

// Issue 6: the admin's schedule screens, end to end against the real server (DESIGN §4, §5): a new desk.
// A server of its own (its own serverEnv), as desk-products.spec.ts has: the new Saturday desk stays, and
// on a Friday evening it held the first bookable day of the specs after it on a shared server (in
// schedule-admin.spec.ts the booking's .ics then named 'Zaterdagbalie', a desk that test did not expect).
test.use({ serverEnv: { BALIE_E2E_SERVER: 'schedule-admin-desk' } });

/** 'YYYY-MM-DD' in the provider's zone, `days` from now. */
const amsterdamDate = (days: number): string =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Amsterdam' }).format(
    new Date(Date.now() + days * 86_400_000),
  );
const isoWeekday = (date: string): number => new Date(`${date}T12:00:00Z`).getUTCDay() || 7;

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
  await expect(page.getByRole('list', { name: 'Sluitingen', exact: true })).toContainText('11:00–11:36');
  await expectNoSeriousA11yViolations(page, 'desk page');

  const expected = ['09:00', '09:12', '09:24', '09:36', '09:48', '11:36', '11:48'];
  const slots = await slotsOn(request, items, saturday);
  expect(slots.map((s) => s.beginTime.slice(11, 16))).toEqual(expected);

  expect(await offeredTimes(page, saturday)).toEqual(expected);
});
