import { readFileSync } from 'node:fs';
import { DEMO_ADMIN, expect, logIn, test } from '../support/fixtures.js';
import { icsProperty, waitForMail } from '../support/mail.js';
import {
  chooseProduct,
  enabledDays,
  expectNoSeriousA11yViolations,
  fillDetails,
  slotButtons,
} from '../support/booking.js';

// Issue 6: the admin's schedule screens, end to end against the real server (DESIGN §4, §5).

// A new desk with split hours and a closure: schedule-admin-desk.spec.ts (a server of its own).
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
