import type { APIRequestContext } from '@playwright/test';
import { adminHeaders } from '../support/api.js';
import { DEMO_ADMIN, expect, logIn, test } from '../support/fixtures.js';
import { expectNoSeriousA11yViolations } from '../support/booking.js';
import { failedResponses } from '../support/network.js';
import { screenshots } from '../support/screens.js';

// Issue 35 item 1: on *Koppelingen* an admin connects a system that books through Balie (Open Forms),
// sees its secret once, and the secret works at the token URL; a new secret ends the old one, revoking
// ends the system's access. The screen calls nothing it may not (no 4xx in its network log).

const TOKEN_URL = '/api/compat/jcc-warp/v1/connect/token';
const VERSION_URL = '/api/compat/jcc-warp/v1/version';

/** A client's token as Open Forms asks for it: Basic credentials at the JCC token URL. */
function tokenRequest(request: APIRequestContext, clientId: string, secret: string) {
  return request.post(TOKEN_URL, {
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      authorization: `Basic ${Buffer.from(`${clientId}:${secret}`).toString('base64')}`,
    },
    data: 'grant_type=client_credentials&scope=warp-api',
  });
}

test('an admin connects Open Forms and sees the secret once; the secret works at the token URL', async ({
  page,
  request,
}) => {
  const failed = failedResponses(page.context());
  await logIn(page, DEMO_ADMIN);
  await page.getByRole('link', { name: 'Koppelingen' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Koppelingen' })).toBeVisible();
  const section = page.getByRole('region', { name: 'Systemen die afspraken boeken' });
  await expect(section.getByText('Er is nog geen systeem gekoppeld.')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'Koppelingen, empty');

  await section.getByRole('button', { name: 'Nieuwe koppeling' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nieuwe koppeling' });
  await dialog.getByRole('button', { name: 'Aanmaken' }).click();
  await expect(dialog.getByText('Dit veld is verplicht')).toBeVisible();
  await dialog.getByLabel('Naam').fill('Open Forms');
  await expect(dialog.getByLabel('Balie mailt de bezoeker zelf een bevestiging')).not.toBeChecked();
  await dialog.getByRole('button', { name: 'Aanmaken' }).click();

  const shown = page.getByRole('dialog', { name: 'Open Forms is gekoppeld' });
  await expect(shown.getByText('Balie toont het nooit meer', { exact: false })).toBeVisible();
  const clientId = await shown.getByLabel('Client-id', { exact: true }).inputValue();
  const secret = await shown.getByLabel('Client-geheim', { exact: true }).inputValue();
  expect(clientId).toMatch(/^balie-/);
  await expect(shown.getByLabel('Token-URL', { exact: true })).toHaveValue(new RegExp(`${TOKEN_URL}$`));
  await expect(shown.getByLabel('Scope', { exact: true })).toHaveValue('warp-api');
  await expectNoSeriousA11yViolations(page, 'Koppelingen, the secret');
  await screenshots(page, 'integrations-secret');
  await shown.getByRole('button', { name: 'Ik heb het geheim bewaard' }).click();

  await expect(section.getByText('Open Forms', { exact: true })).toBeVisible();
  await expect(section.getByText(clientId)).toBeVisible();
  await expect(
    section.getByText(/Balie mailt de bezoeker niet · aangemaakt .* · nog nooit gebruikt/),
  ).toBeVisible();

  // The secret works as Open Forms uses it: Basic credentials at the JCC token URL, scope warp-api.
  const basic = `Basic ${Buffer.from(`${clientId}:${secret}`).toString('base64')}`;
  const form = { 'content-type': 'application/x-www-form-urlencoded', authorization: basic };
  const granted = await request.post(TOKEN_URL, {
    headers: form,
    data: 'grant_type=client_credentials&scope=warp-api',
  });
  expect(granted.status(), await granted.text()).toBe(200);
  const { access_token: token } = (await granted.json()) as { access_token: string };
  const version = await request.get('/api/compat/jcc-warp/v1/version', {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(version.status()).toBe(200);

  await page.reload();
  await expect(section.getByText(/laatst gebruikt \d+-\d+-\d{4} \d{2}:\d{2}/)).toBeVisible();
  expect(await page.content()).not.toContain(secret);
  await screenshots(page, 'integrations');

  expect(failed).toEqual([]);
});

test('a new secret ends the old one; revoking ends the client, each asked first', async ({
  page,
  request,
}) => {
  const made = await request.post('/api/integration-clients', {
    headers: await adminHeaders(request),
    data: { name: 'Zaaksysteem', mailsVisitor: true },
  });
  expect(made.status()).toBe(201);
  const { clientId, clientSecret: secret } = (await made.json()) as {
    clientId: string;
    clientSecret: string;
  };
  const granted = await tokenRequest(request, clientId, secret);
  const { access_token: token } = (await granted.json()) as { access_token: string };

  const failed = failedResponses(page.context());
  await logIn(page, DEMO_ADMIN);
  await page.goto('/integrations');
  const section = page.getByRole('region', { name: 'Systemen die afspraken boeken' });
  await expect(section.getByText(/^Balie mailt de bezoeker · aangemaakt/)).toBeVisible();

  await section.getByRole('button', { name: 'Nieuw geheim: Zaaksysteem' }).click();
  await page
    .getByRole('dialog', { name: 'Nieuw geheim voor Zaaksysteem?' })
    .getByRole('button', { name: 'Nieuw geheim' })
    .click();
  const renewed = page.getByRole('dialog', { name: 'Nieuw geheim voor Zaaksysteem' });
  const newSecret = await renewed.getByLabel('Client-geheim', { exact: true }).inputValue();
  expect(newSecret).not.toBe(secret);
  await renewed.getByRole('button', { name: 'Ik heb het geheim bewaard' }).click();
  await expect(renewed).toBeHidden();
  const stale = await request.get(VERSION_URL, { headers: { authorization: `Bearer ${token}` } });
  expect(stale.status()).toBe(401);
  expect((await tokenRequest(request, clientId, secret)).status()).toBe(401);
  expect((await tokenRequest(request, clientId, newSecret)).status()).toBe(200);

  await section.getByRole('button', { name: 'Intrekken: Zaaksysteem' }).click();
  await page
    .getByRole('dialog', { name: 'Zaaksysteem intrekken?' })
    .getByRole('button', { name: 'Intrekken' })
    .click();
  await expect(page.getByText('Zaaksysteem is ingetrokken')).toBeVisible();
  await expect(section.getByText('Zaaksysteem', { exact: true })).toBeHidden();
  expect((await tokenRequest(request, clientId, newSecret)).status()).toBe(401);
  expect(failed).toEqual([]);
});
