import type { BrowserContext } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/booking.js';
import { DEMO_ADMIN, expect, logIn, test } from '../support/fixtures.js';
import { startBrowserTestProvider, type BrowserTestProvider } from '../support/oidc.js';
import { screenshots } from '../support/screens.js';

// Issue 37: staff sign in with the organisation's own accounts. A real OpenID Provider (oidc-provider)
// runs in the test on a loopback port, so the product takes http issuers (OIDC_ALLOW_HTTP=1).
test.use({ serverEnv: { OIDC_ALLOW_HTTP: '1' } });

/** Every answer of 400 or more any page of the context receives, as "STATUS METHOD path". */
function failedResponses(context: BrowserContext): string[] {
  const failed: string[] = [];
  context.on('response', (response) => {
    if (response.status() < 400) return;
    const url = new URL(response.url());
    failed.push(`${response.status()} ${response.request().method()} ${url.pathname}`);
  });
  return failed;
}

let op: BrowserTestProvider;
test.beforeAll(async ({ server }) => {
  op = await startBrowserTestProvider(server.url);
  op.accounts.set('kim', {
    sub: 'kim',
    email: 'kim.de.vries@gemeente.example',
    roles: ['balie-medewerker'],
    givenName: 'Kim',
    familyName: 'de Vries',
  });
  op.accounts.set('sam', { sub: 'sam', email: 'sam@gemeente.example', roles: ['ander-team'] });
});
test.afterAll(() => op.close());

test('an admin connects the provider; a colleague signs in with it, and one without a role is told why', async ({
  page,
  browser,
}) => {
  test.slow(); // a provider round trip per sign-in, two axe scans
  await logIn(page, DEMO_ADMIN);
  await page.goto('/staff-sign-in');
  await expect(page.getByRole('heading', { level: 1, name: 'Inloggen voor medewerkers' })).toBeVisible();
  // The redirect URI to register at the provider is shown as it is.
  await expect(page.getByText(`${new URL(page.url()).origin}/api/auth/oidc/callback`)).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'staff sign-in screen');

  const form = page.getByRole('form', { name: 'Inloggen voor medewerkers' });
  await form.getByLabel('Inloggen via de provider aan').check();
  await form.getByLabel('Naam op de knop').fill('Gemeente-account');
  await form.getByLabel('Issuer-URL').fill(op.issuer);
  await form.getByLabel('Client-ID').fill(op.clientId);
  await form.getByLabel('Clientgeheim', { exact: true }).fill(op.clientSecret);
  await form.getByRole('button', { name: /Entra ID/ }).click();
  await expect(form.getByLabel('Claim met de rollen')).toHaveValue('roles');
  await form.getByLabel('Waarden voor beheerder').fill('balie-beheer');
  await form.getByLabel('Waarden voor medewerker').fill('balie-medewerker');
  await form.getByRole('button', { name: 'Testen en opslaan' }).click();
  await expect(page.getByText('Opgeslagen; de provider antwoordde.')).toBeVisible();
  // The secret is never shown again: the field is empty and says one is stored.
  await expect(form.getByLabel('Clientgeheim', { exact: true })).toHaveValue('');
  await expect(form.getByText(/Er is een geheim opgeslagen/)).toBeVisible();
  await screenshots(page, 'staff-sign-in');

  // A colleague's browser: the login page offers the organisation's account above the password form.
  const colleague = await browser.newContext();
  const failed = failedResponses(colleague);
  const desk = await colleague.newPage();
  await desk.goto('/login');
  const button = desk.getByRole('link', { name: 'Inloggen met Gemeente-account' });
  await expect(button).toBeVisible();
  await expectNoSeriousA11yViolations(desk, 'login page with the provider');
  await screenshots(desk, 'login-with-provider');
  op.signInNext('kim', ['pwd', 'mfa']);
  await button.click();
  await desk.waitForURL(/\/home$/);
  // The account the first sign-in made carries the provider's name: K(im) d(e Vries).
  const userMenu = desk.getByRole('button', { name: 'KD, Gebruikersmenu openen' });
  await expect(userMenu).toBeVisible();
  await desk.goto('/appointments');
  await expect(desk.getByRole('heading', { level: 1 })).toBeVisible();
  expect(failed).toEqual([]);

  // Signing out ends the provider's session too: the browser passes its sign-out page.
  await userMenu.click();
  await expect(desk.getByRole('menu')).toContainText('Kim de Vries');
  await desk.getByRole('menuitem', { name: 'Uitloggen' }).click();
  await desk.waitForURL((url) => url.origin === op.issuer);
  await colleague.close();

  // Someone the provider knows but gives no Balie role: a clear page, and no account.
  const stranger = await (await browser.newContext()).newPage();
  await stranger.goto('/login');
  op.signInNext('sam');
  await stranger.getByRole('link', { name: 'Inloggen met Gemeente-account' }).click();
  await expect(stranger.getByRole('alert')).toContainText('u hebt geen rol voor Balie');
  await expect(stranger).toHaveURL(/\/login\/oidc$/);
  await screenshots(stranger, 'staff-sign-in-no-role');
  await stranger.context().close();
});
