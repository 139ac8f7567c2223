import { expectNoSeriousA11yViolations } from '../support/booking.js';
import { expect, logIn, test } from '../support/fixtures.js';
import { screenshots } from '../support/screens.js';

// Issue 17 item 2 (DESIGN §4b "First run"): an empty installation, set up from the printed link.
test.use({ serverEnv: { DEMO_DATA: '0' } });
test.describe.configure({ mode: 'serial' });

const ADMIN = { email: 'beheer@nieuwdorp.example', password: 'Eerste-Beheer1' };

test('the printed link sets up the organisation and its admin, and the dashboard shows the checklist', async ({
  page,
  server,
}) => {
  test.slow(); // two screens scanned and photographed at two widths
  const link = /^ {2}(http\S+\/setup\/\S+)$/m.exec(server.output())?.[1];
  expect(server.output()).toContain('Balie has no administrator yet');
  expect(link).toBeDefined();

  await page.goto(new URL(link!).pathname);
  await expect(page.getByRole('heading', { level: 1, name: 'Balie inrichten' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'the setup page');
  await screenshots(page, 'setup');

  await page.getByLabel('Naam van uw organisatie').fill('Gemeente Nieuwdorp');
  await page.getByLabel('E-mailadres').fill(ADMIN.email);
  await page.getByLabel('Wachtwoord', { exact: false }).first().fill(ADMIN.password);
  await page.getByRole('button', { name: 'Inrichten en inloggen' }).click();
  await page.waitForURL(/\/home$/);

  const checklist = page.getByRole('region', { name: 'Maak uw balie klaar' });
  await expect(checklist).toContainText('0 van 5 klaar');
  await expect(checklist.getByRole('listitem')).toHaveText([
    /Vul de gegevens van uw organisatie in \(nog te doen\)/,
    /Vul het adres van uw vestiging in \(nog te doen\)/,
    /Voeg een balie met openingstijden toe \(nog te doen\)/,
    /Voeg een product toe \(nog te doen\)/,
    /Maak een testafspraak \(nog te doen\)/,
  ]);
  await expectNoSeriousA11yViolations(page, 'the dashboard with the checklist');
  await screenshots(page, 'setup-checklist');

  // The first item leads to its screen; done there, it is ticked back on the dashboard.
  await checklist.getByRole('link', { name: 'Vul de gegevens van uw organisatie in' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Organisatie' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: /^Naam/ })).toHaveValue('Gemeente Nieuwdorp');
  // A new office asks no extra register fields until it chooses to.
  for (const field of ['Geboortedatum', 'Dienstboeknummer', 'Pasnummer'])
    await expect(page.getByRole('checkbox', { name: field })).not.toBeChecked();
  await page.getByLabel('Straat en huisnummer').fill('Dorpsstraat 1');
  await page.getByLabel('Postcode').fill('9999 ZZ');
  await page.getByLabel('Plaats').fill('Nieuwdorp');
  await page.getByLabel('Telefoon').fill('14 0999');
  await page.getByRole('button', { name: 'Opslaan' }).click();
  await expect(page.getByText('Opgeslagen')).toBeVisible();
  await screenshots(page, 'organisation-registration');

  await page.getByRole('navigation', { name: 'Hoofdmenu' }).getByRole('link', { name: 'Dashboard' }).click();
  await expect(checklist).toContainText('1 van 5 klaar');
  await expect(checklist.getByRole('listitem').first()).toHaveText(
    /Vul de gegevens van uw organisatie in \(klaar\)/,
  );
});

test('the link works once; afterwards the page sends to sign-in', async ({ page, server }) => {
  const link = /^ {2}(http\S+\/setup\/\S+)$/m.exec(server.output())![1]!;
  await page.goto(new URL(link).pathname);
  await expect(page.getByText('Balie is al ingericht.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Inloggen' }).last()).toHaveAttribute('href', '/login');
});

test('the organisation closes registration, or chooses what the register form asks', async ({
  page,
  browser,
  server,
}) => {
  test.slow();
  await logIn(page, ADMIN);
  await page.goto('/organisation');
  const open = page.getByRole('switch', { name: 'Bezoekers mogen zelf een account maken' });
  await expect(open).toBeChecked();
  await open.click();
  await page.getByRole('button', { name: 'Opslaan' }).click();
  await expect(page.getByText('Opgeslagen')).toBeVisible();

  // A visitor in another browser, not signed in.
  const visitor = await browser.newContext({ baseURL: server.url, locale: 'nl-NL' });
  const guest = await visitor.newPage();
  await guest.goto('/login');
  await expect(guest.getByRole('link', { name: 'Wachtwoord vergeten?' })).toBeVisible();
  await expect(guest.getByText('Nog geen account?')).toHaveCount(0);
  await guest.goto('/register');
  await expect(guest.getByText('Registreren is gesloten')).toBeVisible();
  await expect(guest.getByRole('button', { name: 'Account aanmaken' })).toHaveCount(0);
  await expectNoSeriousA11yViolations(guest, 'the closed register page');
  await screenshots(guest, 'register-closed');

  await open.click();
  await page.getByRole('checkbox', { name: 'Pasnummer' }).check();
  const saved = page.waitForResponse(
    (r) => r.url().endsWith('/api/organisation') && r.request().method() === 'PATCH',
  );
  await page.getByRole('button', { name: 'Opslaan' }).click();
  expect((await saved).status()).toBe(200);
  await guest.goto('/login');
  await expect(guest.getByRole('link', { name: 'Registreren' })).toBeVisible();
  await guest.goto('/register');
  await expect(guest.getByLabel('Pasnummer')).toBeVisible();
  await expect(guest.getByLabel('Geboortedatum')).toHaveCount(0);
  await expect(guest.getByLabel('Dienstboeknummer')).toHaveCount(0);
  await screenshots(guest, 'register-card-number');
  await visitor.close();
});
