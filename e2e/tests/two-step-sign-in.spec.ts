import type { Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { expectNoSeriousA11yViolations } from '../support/booking.js';
import { expect, logIn, test } from '../support/fixtures.js';
import { screenshots } from '../support/screens.js';

// Issue 21: two-step sign-in in the browser against the real server. The codes are computed here as an
// authenticator app computes them (RFC 6238, the same library the server uses), from the key the page
// shows. Like a phone, this test and the server read one clock (the machine's, no BALIE_TEST_NOW): what
// is asserted holds at any date and hour, and a code of the next 30 seconds (the server's window takes
// one step either way) is always newer than the one used before it.

const PASSWORD = 'Twee-Stappen1!';

/** The code the app shows `steps` periods of 30 seconds from now. */
const codeOf = (secret: string, steps = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 }).generate({
    timestamp: Date.now() + steps * 30_000,
  });

/** Signed in: the signed-in layout's user menu is there (whichever page the sign-in returned to). */
const expectSignedIn = (page: Page) =>
  expect(page.getByRole('button', { name: /Gebruikersmenu openen/ })).toBeVisible();

async function signOut(page: Page) {
  await page.getByRole('button', { name: /Gebruikersmenu openen/ }).click();
  await page.getByRole('menuitem', { name: 'Uitloggen' }).click();
  await expect(page).toHaveURL(/\/login$/);
}

/** The password step of an account with two-step sign-in on: the code step follows, not /home. */
async function passwordStep(page: Page, email: string) {
  await page.goto('/login');
  await page.getByLabel('E-mailadres').fill(email);
  await page.getByLabel('Wachtwoord', { exact: false }).first().fill(PASSWORD);
  await page.getByRole('button', { name: 'Inloggen' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Inloggen in twee stappen' })).toBeVisible();
}

test('a user turns on two-step sign-in, then signs in with a code and with a recovery code', async ({
  page,
  request,
}) => {
  test.slow(); // three sign-ins, two axe scans and four screenshots
  const email = `twee-stappen-${Date.now()}@example.com`;
  const registered = await request.post('/api/register', {
    data: { email, password: PASSWORD, firstName: 'Tess', lastName: 'Twee', language: 'nl-NL' },
  });
  expect(registered.status()).toBe(201);
  await logIn(page, { email, password: PASSWORD });

  // The profile says it is off and leads to the setup.
  await page.goto('/profile');
  const section = page.locator('section', {
    has: page.getByRole('heading', { level: 2, name: 'Inloggen in twee stappen' }),
  });
  await expect(section.getByText('Uit', { exact: true })).toBeVisible();
  await section.getByRole('link', { name: 'Inloggen in twee stappen aanzetten' }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Inloggen in twee stappen aanzetten' }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Beginnen' }).click();

  // The QR code, and the key as text: read from the page as a person typing it into an app would.
  await expect(
    page.getByRole('img', { name: 'QR-code om te scannen met uw authenticator-app' }),
  ).toBeVisible();
  const key = page.getByLabel(/Typ dan deze sleutel in de app/);
  const secret = ((await key.textContent()) ?? '').replace(/\s/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  const field = page.getByRole('textbox', { name: 'Code van 6 cijfers' });
  await expect(field).toHaveAttribute('autocomplete', 'one-time-code');
  await expect(field).toHaveAttribute('inputmode', 'numeric');
  await expectNoSeriousA11yViolations(page, 'the two-step setup');
  await screenshots(page, 'two-step-setup');

  await field.fill(codeOf(secret));
  await page.getByRole('button', { name: 'Aanzetten' }).click();
  const list = page.getByRole('list', { name: 'Herstelcodes' });
  await expect(list.getByRole('listitem')).toHaveCount(10);
  const recoveryCodes = (await list.getByRole('listitem').allTextContents()).map((c) => c.trim());
  for (const code of recoveryCodes)
    expect(code).toMatch(/^[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}$/);
  await expectNoSeriousA11yViolations(page, 'the recovery codes');
  await screenshots(page, 'two-step-recovery-codes');
  await page.getByRole('button', { name: 'Ik heb ze bewaard' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(section.getByText('Aan', { exact: true })).toBeVisible();

  // Signing in asks for a code now: the password alone opens nothing.
  await signOut(page);
  await passwordStep(page, email);
  const code = page.getByRole('textbox', { name: 'Code van 6 cijfers' });
  await expect(code).toBeFocused();
  await expect(code).toHaveAttribute('autocomplete', 'one-time-code');
  await expect(code).toHaveAttribute('inputmode', 'numeric');
  await expectNoSeriousA11yViolations(page, 'the code step');
  await screenshots(page, 'two-step-code-step');
  // A wrong code is said out loud and the field is ready for the next one.
  await code.fill('000000');
  await code.press('Enter');
  await expect(page.getByRole('alert')).toContainText('Deze code klopt niet');
  await expect(code).toBeFocused();
  // The next period's code: newer than the one that turned it on, so never a replay.
  await code.fill(codeOf(secret, 1));
  await code.press('Enter');
  await expectSignedIn(page);

  // Without the phone: a recovery code, once.
  await signOut(page);
  await passwordStep(page, email);
  await page.getByRole('button', { name: 'Een herstelcode gebruiken' }).click();
  const recovery = page.getByRole('textbox', { name: 'Herstelcode' });
  await expect(recovery).toBeFocused();
  await recovery.fill(recoveryCodes[0]!);
  await recovery.press('Enter');
  await expectSignedIn(page);

  await signOut(page);
  await passwordStep(page, email);
  await page.getByRole('button', { name: 'Een herstelcode gebruiken' }).click();
  await page.getByRole('textbox', { name: 'Herstelcode' }).fill(recoveryCodes[0]!);
  await page.getByRole('button', { name: 'Inloggen' }).click();
  await expect(page.getByRole('alert')).toContainText('Deze herstelcode klopt niet of is al gebruikt.');
  await page.getByRole('textbox', { name: 'Herstelcode' }).fill(recoveryCodes[1]!);
  await page.getByRole('button', { name: 'Inloggen' }).click();
  await expectSignedIn(page);
});
