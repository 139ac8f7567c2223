import type { Page } from '@playwright/test';
import { DEMO_ADMIN, DEMO_USER, expect, logIn, test } from '../support/fixtures.js';

const nav = (page: Page) => page.getByRole('navigation', { name: 'Hoofdmenu' });

test.describe('signing in with the demo accounts', () => {
  test('the admin sees the admin navigation with name and e-mail', async ({ page }) => {
    await logIn(page, DEMO_ADMIN);
    const menu = nav(page);
    for (const item of ['Dashboard', 'Agenda', 'Afspraken', 'Balies', 'Producten']) {
      await expect(menu.getByRole('link', { name: item })).toBeVisible();
    }
    await expect(page.getByText('admin@example.com').filter({ visible: true }).first()).toBeVisible();
    await expect(page.getByRole('heading', { name: /^Goede(morgen|middag|navond)/ })).toBeVisible();
  });

  test('the user sees calendar and appointments but no admin items', async ({ page }) => {
    await logIn(page, DEMO_USER);
    const menu = nav(page);
    await expect(menu.getByRole('link', { name: 'Agenda' })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Afspraken' })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Balies' })).toHaveCount(0);
    await expect(menu.getByRole('link', { name: 'Producten' })).toHaveCount(0);
  });

  test('wrong credentials say the data is not known', async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('E-mailadres').fill(DEMO_USER.email);
    await page.getByLabel('Wachtwoord', { exact: false }).first().fill('Wrong-password1');
    await page.getByRole('button', { name: 'Inloggen' }).click();
    await expect(page.getByText('De ingevoerde gegevens zijn bij ons niet bekend')).toBeVisible();
  });
});

test.describe('route guards', () => {
  test('a guest on a user page lands on /login', async ({ page }) => {
    await page.goto('/calendar');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('a user on an admin page lands on /home', async ({ page }) => {
    await logIn(page, DEMO_USER);
    await page.goto('/front-desks');
    await expect(page).toHaveURL(/\/home$/);
  });

  test('/ goes to /new and an unknown path to the 404 page', async ({ page }) => {
    await page.goto('/');
    // The booking page then writes its first step into the address (decision 0186); either is /new.
    await expect(page).toHaveURL(/\/new(\?step=products)?$/);
    await page.goto('/no/such/page');
    await expect(page).toHaveURL(/\/404$/);
  });
});

test('the language switch changes the texts and is kept on the account', async ({ page }) => {
  await logIn(page, DEMO_ADMIN);
  await page.getByRole('button', { name: /Kies een taal/ }).click();
  await page.getByRole('menuitem', { name: /English/ }).click();
  await expect(
    page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Calendar' }),
  ).toBeVisible();
  // The choice follows the account: a fresh page load keeps English.
  await page.reload();
  await expect(
    page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Front desks' }),
  ).toBeVisible();
  await page.getByRole('button', { name: /Choose a language/ }).click();
  await page.getByRole('menuitem', { name: /Nederlands/ }).click();
  await expect(nav(page).getByRole('link', { name: 'Balies' })).toBeVisible();
});

test('logout clears the session and returns to the login page', async ({ page }) => {
  await logIn(page, DEMO_USER);
  await page.getByRole('button', { name: /Gebruikersmenu openen/ }).click();
  await page.getByRole('menuitem', { name: 'Uitloggen' }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('refresh_token'))).toBeNull();
  await page.goto('/home');
  await expect(page).toHaveURL(/\/login$/);
});

test('a replayed refresh token logs the browser out', async ({ page, request }) => {
  await logIn(page, DEMO_USER);
  const stolen = await page.evaluate(() => localStorage.getItem('refresh_token'));
  expect(stolen).toBeTruthy();
  // Someone else uses the refresh token first: it rotates, so the browser's copy becomes a replay.
  const rotated = await request.post('/api/refresh-token', { data: { refresh_token: stolen } });
  expect(rotated.ok()).toBe(true);
  // Expire the browser's access token so its next call must refresh with the (now rotated) token.
  await page.evaluate(() => localStorage.setItem('access_token', 'expired.token.value'));
  await page.reload();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('access_token'))).toBeNull();
  // The whole family is revoked: the thief's new token no longer works either.
  const { refresh_token } = (await rotated.json()) as { refresh_token: string };
  const again = await request.post('/api/refresh-token', { data: { refresh_token } });
  expect(again.status()).toBe(401);
});

test('a visitor registers and is signed in at once', async ({ page }) => {
  const email = `new-${Date.now()}@example.com`;
  await page.goto('/register');
  await page.getByLabel('E-mailadres').fill(email);
  await page.getByLabel('Wachtwoord', { exact: false }).first().fill('kort');
  await page.getByLabel('Voornaam').focus();
  await expect(page.getByText('Het wachtwoord moet minimaal 8 tekens lang zijn')).toBeVisible();
  await page.getByLabel('Wachtwoord', { exact: false }).first().fill('Welkom123!');
  await page.getByLabel('Voornaam').fill('Noor');
  await page.getByLabel('Achternaam').fill('Nieuw');
  await page.getByRole('button', { name: 'Account aanmaken' }).click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('heading', { name: /Noor$/ })).toBeVisible();
  await expect(nav(page).getByRole('link', { name: 'Agenda' })).toBeVisible();
});
