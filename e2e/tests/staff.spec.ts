import type { Browser } from '@playwright/test';
import { bookThroughApi, slotsOn } from '../support/api.js';
import { expectNoSeriousA11yViolations, passportItems, slotButtons, wallClock } from '../support/booking.js';
import { DEMO_ADMIN, expect, logIn, test } from '../support/fixtures.js';
import { linkIn, waitForMail } from '../support/mail.js';
import { screenshots } from '../support/screens.js';

// Issue 17 item 3: an admin invites a colleague at the desk, who sets a password from the mailed link and
// works the day — today, every appointment, a change for a visitor — without any set-up screen.

/** A Tuesday at 10:00 in Amsterdam for the server and the browsers, so "today" has slots left. */
const NOW = '2030-03-12T10:00:00+01:00';
const today = NOW.slice(0, 10);
test.use({ serverEnv: { BALIE_TEST_NOW: NOW } });

const PASSWORD = 'Balie-Dienst1!';
const SET_UP = ['Balies', 'Producten', 'Organisatie', 'Gebruikers', 'Audittrail'];

/** A browser page of its own (no admin session), on the same clock. */
async function freshPage(browser: Browser) {
  const context = await browser.newContext({ locale: 'nl-NL', timezoneId: 'America/New_York' });
  const page = await context.newPage();
  await page.clock.install({ time: new Date(NOW) });
  return page;
}

test('an admin invites staff; the mailed link sets a password; staff work the day without set-up', async ({
  page,
  browser,
  request,
  server,
}) => {
  test.slow();
  await page.clock.install({ time: new Date(NOW) });
  const { items } = await passportItems(request);
  // Later today, well before the desk closes and well after the change cut-off.
  const later = (await slotsOn(request, items, today)).find((s) => s.beginTime >= `${today}T11:00`);
  expect(later, 'a slot from 11:00 today').toBeDefined();
  const visitor = await bookThroughApi(request, items, later!.beginTime, {
    initials: 'B.',
    lastName: 'Bezoeker',
    email: 'b.bezoeker@example.com',
  });
  const email = `balie.${Date.now()}@example.org`;

  // The admin invites a colleague as staff.
  await logIn(page, DEMO_ADMIN);
  await page.goto('/users');
  await page.getByRole('button', { name: 'Collega uitnodigen' }).click();
  const dialog = page.getByRole('dialog', { name: 'Een collega uitnodigen' });
  await dialog.getByLabel(/E-mailadres van uw collega/).fill(email);
  await expect(dialog.getByRole('radio', { name: /^Medewerker/ })).toBeChecked();
  await expect(dialog.getByLabel('Taal van de e-mail')).toHaveValue('nl');
  await expectNoSeriousA11yViolations(page, 'invite dialog on /users');
  await screenshots(page, 'users-invite-dialog');
  await dialog.getByRole('button', { name: 'Uitnodiging versturen' }).click();
  await expect(page.getByText(`Uitnodiging verstuurd naar ${email}.`)).toBeVisible();
  const pending = page.getByRole('region', { name: 'Openstaande uitnodigingen' });
  await expect(pending.getByRole('listitem').filter({ hasText: email })).toContainText(
    /Medewerker · link geldig tot .* · door Anna de Vries/,
  );
  await expectNoSeriousA11yViolations(page, '/users with an open invitation');
  await screenshots(page, 'users-invitations');

  // The colleague opens the link from the mail, in a browser of their own.
  const mail = await waitForMail(server.dataDir, email);
  expect(mail.subject).toMatch(/^Uitnodiging/);
  expect(mail.body).toContain('als medewerker');
  const link = new URL(linkIn(mail, '/invitation/'));
  const staff = await freshPage(browser);
  await staff.goto(link.pathname);
  await expect(staff.getByRole('heading', { level: 1, name: 'Uw account instellen' })).toBeVisible();
  await expectNoSeriousA11yViolations(staff, '/invitation/:token');
  await screenshots(staff, 'invitation');
  await staff.getByLabel('Voornaam').fill('Daan');
  await staff.getByLabel('Achternaam').fill('de Balie');
  await staff.getByLabel('Nieuw wachtwoord').fill(PASSWORD);
  await staff.getByLabel('Herhaal wachtwoord').fill(PASSWORD);
  await staff.getByRole('button', { name: 'Wachtwoord opslaan en inloggen' }).click();

  // Signed in: the desk's day on the dashboard, the visitor on today's list.
  await staff.waitForURL(/\/home$/);
  await expect(staff.getByText('Goedemorgen Daan', { exact: true })).toBeVisible();
  await expect(staff.getByText('Daan de Balie', { exact: true }).first()).toBeVisible();
  const day = staff.getByRole('list', { name: 'Afspraken van vandaag' });
  await expect(day.getByRole('listitem').filter({ hasText: 'B. Bezoeker' })).toContainText(
    wallClock(visitor.fromDateTime),
  );
  // The menu's items (the navigation holds the logo's home link too).
  const nav = staff.getByRole('list', { name: 'Hoofdmenu' }).first();
  await expect(nav.getByRole('link')).toHaveText(['Dashboard', 'Agenda', 'Afspraken']);
  for (const item of SET_UP) await expect(nav.getByRole('link', { name: item })).toHaveCount(0);
  await screenshots(staff, 'staff-today');

  // Every appointment, the visitor's included (booked as a guest, not by this account).
  await nav.getByRole('link', { name: 'Afspraken' }).click();
  const card = staff.getByRole('listitem').filter({ hasText: 'B. Bezoeker' });
  await expect(card).toContainText('b.bezoeker@example.com');

  // A change on the visitor's behalf speaks of the visitor and changes the products too.
  await card.getByRole('link', { name: 'Wijzigen' }).click();
  await expect(
    staff.getByRole('heading', { level: 1, name: 'Afspraak van de bezoeker wijzigen' }),
  ).toBeVisible();
  await expect(staff.getByRole('heading', { name: 'Huidige afspraak van de bezoeker' })).toBeVisible();
  await expect(staff.getByRole('main')).not.toContainText(/\b(uw|Uw)\b/);
  await staff.getByRole('combobox', { name: 'Aantal Paspoort aanvragen' }).selectOption('2');
  await expectNoSeriousA11yViolations(staff, 'change for the visitor');
  await screenshots(staff, 'staff-change');
  await slotButtons(staff).first().click();
  await staff.getByRole('button', { name: 'Afspraak wijzigen' }).click();
  const confirm = staff.getByRole('dialog', { name: 'Afspraak van de bezoeker wijzigen?' });
  await expect(confirm).toContainText('De bezoeker krijgt een e-mail');
  await expectNoSeriousA11yViolations(staff, 'change for the visitor (confirm)');
  await confirm.getByRole('button', { name: 'Ja, wijzigen' }).click();
  await expect(
    staff.getByText('De afspraak van B. Bezoeker is gewijzigd. De bezoeker krijgt een e-mail.'),
  ).toBeVisible();
  await expect(staff.getByRole('heading', { level: 1, name: 'Afspraken' })).toBeVisible();
  await expect(staff.getByRole('listitem').filter({ hasText: 'B. Bezoeker' })).toContainText(
    '2 x Paspoort aanvragen',
  );

  // No set-up screen opens: each sends staff back to the dashboard.
  for (const path of ['/front-desks', '/products', '/organisation', '/users', '/audit']) {
    await staff.goto(path);
    await staff.waitForURL(/\/home$/);
  }
  await staff.context().close();
});
