import { adminHeaders } from '../support/api.js';
import { expect, logIn, test } from '../support/fixtures.js';
import { failedResponses } from '../support/network.js';

// Issue 34 items 8 and 9, as a new municipality met them: a staff member's day calls only routes staff
// may call (no 403 in the network log), opens the waiting room's display from the queue and changes
// their own password; a German browser gets German.

test('staff open the dashboard, the queue with its display, and change their password: no 4xx or 5xx', async ({
  page,
  request,
}) => {
  // A colleague behind the desk: registered, then made staff by the admin (as in queue.spec.ts).
  const account = { email: `staff.${Date.now()}@example.org`, password: 'Balie1234!' };
  const registered = await request.post('/api/register', { data: account });
  expect(registered.status(), await registered.text()).toBe(201);
  const { user } = (await registered.json()) as { user: { id: number } };
  const promoted = await request.get(`/api/user/${user.id}/promote-to-manager?role=ROLE_STAFF`, {
    headers: await adminHeaders(request),
  });
  expect(promoted.status(), await promoted.text()).toBe(200);

  const failed = failedResponses(page.context());
  await logIn(page, account);

  // The dashboard and its queue: the heading names the location of the chosen desk.
  const queue = page.getByRole('region', { name: /^Wachtrij/ });
  await queue.getByRole('combobox', { name: 'Uw balie' }).click();
  await page.getByRole('option', { name: /^Balie 1/ }).click();
  await expect(queue.getByRole('heading', { name: 'Wachtrij — Stadhuis' })).toBeVisible();
  await expect(queue.getByText('Er wacht niemand.')).toBeVisible();

  // The waiting room's display of this location, opened from the queue.
  const displayLink = queue.getByRole('link', { name: /Scherm in de wachtruimte openen/ });
  const [display] = await Promise.all([page.context().waitForEvent('page'), displayLink.click()]);
  await expect(display.getByText('Welkom. U wordt hier opgeroepen.')).toBeVisible();
  expect(new URL(display.url()).pathname).toMatch(/^\/display\/\d+$/);
  await display.close();

  // One's own password, from the profile.
  await page.goto('/profile');
  const section = page.getByRole('region', { name: 'Wachtwoord wijzigen' });
  await section.getByLabel('Huidig wachtwoord').fill(account.password);
  await section.getByLabel('Nieuw wachtwoord', { exact: false }).first().fill('Nieuw-Wachtwoord1');
  await section.getByLabel('Herhaal nieuw wachtwoord').fill('Nieuw-Wachtwoord1');
  await section.getByRole('button', { name: 'Wachtwoord wijzigen' }).click();
  await expect(page.getByText('Uw wachtwoord is gewijzigd.')).toBeVisible();
  // This session goes on (the API tests show the others end and the new password signs in).
  await expect(section.getByLabel('Huidig wachtwoord')).toHaveValue('');

  expect(failed, 'answers of 400 or more in the network log').toEqual([]);
});

test('a German browser gets German on its first visit, and Deutsch can be chosen', async ({
  browser,
  server,
}) => {
  const context = await browser.newContext({ baseURL: server.url, locale: 'de-DE' });
  const page = await context.newPage();
  await page.goto('/login');
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(page.getByRole('button', { name: 'Anmelden' })).toBeVisible();
  await page.getByRole('button', { name: /Sprache/ }).click();
  await expect(page.getByRole('menuitem', { name: /Deutsch/ })).toBeVisible();
  await page.getByRole('menuitem', { name: /Nederlands/ }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'nl');
  await context.close();
});
