import { expect, test } from '../support/fixtures.js';
import { linkIn, waitForMail } from '../support/mail.js';

test('forgot password → the mailed link → sign in with the new password', async ({
  page,
  request,
  server,
}) => {
  const email = `reset-${Date.now()}@example.com`;
  const registered = await request.post('/api/register', {
    data: { email, password: 'Original1!', firstName: 'Rita', lastName: 'Reset', language: 'nl-NL' },
  });
  expect(registered.status()).toBe(201);

  await page.goto('/forgot-password');
  await page.getByLabel('E-mailadres').fill(email);
  await page.getByRole('button', { name: 'Verstuur e-mail' }).click();
  await expect(page.getByText(/Als er een account bestaat/)).toBeVisible();

  const mail = await waitForMail(server.dataDir, email);
  const link = linkIn(mail, '/reset-password/');
  await page.goto(new URL(link).pathname);
  await page.getByLabel('Nieuw wachtwoord').fill('Changed123!');
  await page.getByLabel('Herhaal wachtwoord').fill('Changed123!');
  await page.getByRole('button', { name: 'Wachtwoord opslaan' }).click();
  await expect(page.getByText(/Uw wachtwoord is gewijzigd/)).toBeVisible();

  // The link works once.
  await page.goto(new URL(link).pathname);
  await page.getByLabel('Nieuw wachtwoord').fill('Another123!');
  await page.getByLabel('Herhaal wachtwoord').fill('Another123!');
  await page.getByRole('button', { name: 'Wachtwoord opslaan' }).click();
  await expect(page.getByText(/Deze link is verlopen of al gebruikt/)).toBeVisible();

  await page.goto('/login');
  await page.getByLabel('E-mailadres').fill(email);
  await page.getByLabel('Wachtwoord', { exact: false }).first().fill('Changed123!');
  await page.getByRole('button', { name: 'Inloggen' }).click();
  await expect(page).toHaveURL(/\/home$/);
});
