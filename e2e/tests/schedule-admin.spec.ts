import { readFileSync } from 'node:fs';
import { slotsOn } from '../support/api.js';
import { DEMO_ADMIN, expect, logIn, test } from '../support/fixtures.js';
import { icsProperty, waitForMail } from '../support/mail.js';
import {
  chooseProduct,
  enabledDays,
  expectNoSeriousA11yViolations,
  fillDetails,
  offeredTimes,
  passportItems,
  slotButtons,
} from '../support/booking.js';

// Issue 6: the admin's schedule screens, end to end against the real server (DESIGN §4, §5).

/** 'YYYY-MM-DD' in the provider's zone, `days` from now. */
const amsterdamDate = (days: number): string =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Amsterdam' }).format(
    new Date(Date.now() + days * 86_400_000),
  );
const isoWeekday = (date: string): number => new Date(`${date}T12:00:00Z`).getUTCDay() || 7;

test.describe('a new desk', () => {
  // A server of its own (its own serverEnv), as desk-products.spec.ts has: the Saturday desk stays, and on
  // a Friday evening it held the first bookable day of the specs after it on the same server (the next
  // test's .ics named 'Zaterdagbalie', an address it did not expect).
  test.use({ serverEnv: { BALIE_E2E_SERVER: 'schedule-admin-new-desk' } });

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
});

// Closing a day that holds a booking and moving it: schedule-changes.spec.ts (on a fixed clock, with the mail).

test('an admin edits the organisation and a visitor sees it on the success page and in the .ics', async ({
  page,
  server,
}) => {
  await logIn(page, DEMO_ADMIN);
  await page.getByRole('link', { name: 'Organisatie' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Organisatie' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'organisation');
  await page.getByLabel('Naam').fill('Gemeente Teststad');
  await page.getByLabel('Straat en huisnummer').fill('Marktplein 7');
  await page.getByLabel('Postcode').fill('1234 AB');
  await page.getByLabel('Plaats').fill('Teststad');
  await page.getByLabel('Telefoon', { exact: true }).fill('+31 30 555 0101');
  await page.getByLabel('Website').fill('not a url');
  await page.getByLabel('Telefoon', { exact: true }).focus();
  await expect(page.getByText('Vul een webadres in dat begint met https://')).toBeVisible();
  await page.getByLabel('Website').fill('https://www.teststad.example');
  await page.getByRole('button', { name: 'Opslaan' }).click();
  await expect(page.getByText('Opgeslagen')).toBeVisible();

  await page.goto('/new');
  const website = page.getByRole('banner').getByRole('link', { name: /Terug naar de website/ });
  await expect(website).toHaveAttribute('href', 'https://www.teststad.example');
  await expect(website).toHaveAttribute('target', '_blank');
  await expect(website).toHaveAccessibleName('Terug naar de website (opent in een nieuw tabblad)');
  await chooseProduct(page);
  await enabledDays(page).first().click();
  await slotButtons(page).first().click();
  await page.getByRole('button', { name: 'Volgende', exact: true }).click();
  const email = 'org-visitor@example.com';
  await fillDetails(page, email);
  await page.getByRole('button', { name: 'Volgende', exact: true }).click();
  await page.getByRole('button', { name: 'Afspraak bevestigen' }).click();
  await expect(page.getByRole('heading', { name: 'Uw afspraak is bevestigd' })).toBeVisible();
  const where = page.getByRole('region', { name: 'Waar u ons vindt' });
  // Where to go is the appointment's location (DESIGN §4b), which keeps its own address when the
  // organisation's changes; the organisation signs the mail.
  await expect(where).toContainText('Stadhuis');
  await expect(where).toContainText('Stadhuisplein 1, 1234 AB Voorbeeldstad');
  await expect(where).not.toContainText('Marktplein 7');
  await expectNoSeriousA11yViolations(page, 'success page with organisation');

  // The calendar entry in the confirmation mail and the file from the success page: the desk and the
  // address of its location (DESIGN §4b), which keeps its own address when the organisation's changes.
  const deskAddress: Record<string, string> = {
    'Balie 1': 'Stadhuisplein 1, 1234 AB Voorbeeldstad',
    'Balie 2': 'Noorderplein 12, 1235 CD Voorbeeldstad',
  };
  const mail = await waitForMail(server.dataDir, email, (m) => m.subject.startsWith('Bevestiging'));
  expect(mail.body).toContain('Gemeente Teststad');
  expect(mail.body).toContain('Marktplein 7, 1234 AB Teststad');
  const mailed = Object.entries(mail.attachments).find(([name]) => name.endsWith('.ics'))?.[1] ?? '';
  const location = icsProperty(mailed, 'LOCATION');
  const desk = location?.split(',')[0] ?? '';
  expect(location).toBe(`${desk}, ${deskAddress[desk]}`);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Toevoegen aan agenda' }).click();
  const downloaded = readFileSync(await (await download).path(), 'utf8');
  expect(icsProperty(downloaded, 'LOCATION')).toBe(location);
});
