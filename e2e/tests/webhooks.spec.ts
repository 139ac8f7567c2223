import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { bookThroughApi, slotsOn } from '../support/api.js';
import { expectNoSeriousA11yViolations, passportItems } from '../support/booking.js';
import { DEMO_ADMIN, expect, logIn, test } from '../support/fixtures.js';
import { screenshots } from '../support/screens.js';

// Issue 36: an admin adds a webhook, keeps its secret (shown once), sends a test event and sees it
// delivered, signed as Standard Webhooks says, to a real receiver; pauses, resumes and deletes it. The
// server may deliver to this machine's loopback receiver only because the spec allows private targets.

const NOW = '2030-03-12T10:00:00+01:00';
test.use({ serverEnv: { BALIE_TEST_NOW: NOW, WEBHOOK_ALLOW_PRIVATE: '1' } });

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

async function startReceiver() {
  const received: Received[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/balie-events`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

test('an admin adds a webhook, sees its signed test event delivered, pauses, resumes and deletes it', async ({
  page,
  request,
}) => {
  // Many steps, each waiting for the server: three times the usual minute on a loaded machine.
  test.slow();
  const receiver = await startReceiver();
  await page.clock.install({ time: new Date(NOW) });
  await logIn(page, DEMO_ADMIN);
  // From here every answer the screen gets must be a success.
  const failed: string[] = [];
  page.on('response', (r) => {
    if (r.status() >= 400) failed.push(`${r.status()} ${r.request().method()} ${r.url()}`);
  });

  await page.getByRole('link', { name: 'Koppelingen' }).click();
  await expect(page).toHaveURL(/\/integrations$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Koppelingen' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Webhooks' })).toBeVisible();
  await expect(page.getByText('Er zijn nog geen webhooks.')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'Koppelingen, no webhooks');

  await page.getByRole('button', { name: 'Webhook toevoegen' }).click();
  const add = page.getByRole('dialog', { name: 'Webhook toevoegen' });
  await add.getByRole('textbox', { name: 'Adres (URL)' }).fill(receiver.url);
  await add.getByRole('textbox', { name: 'Omschrijving' }).fill('Klantcontactsysteem');
  await add.getByRole('checkbox', { name: 'Opgeroepen' }).uncheck();
  await expectNoSeriousA11yViolations(page, 'add webhook dialog');
  await add.getByRole('button', { name: 'Toevoegen' }).click();

  const shown = page.getByRole('dialog', { name: 'Ondertekeningssleutel' });
  await expect(shown.getByText('hij wordt maar één keer getoond')).toBeVisible();
  const secret = await shown.getByRole('textbox', { name: 'Sleutel' }).inputValue();
  expect(secret).toMatch(/^whsec_/);
  await expectNoSeriousA11yViolations(page, 'secret dialog');
  await shown.getByRole('button', { name: 'Ik heb hem bewaard' }).click();
  await expect(shown).toBeHidden();

  const card = page
    .getByRole('article')
    .filter({ has: page.getByRole('heading', { level: 3, name: receiver.url }) });
  await expect(card.getByText('Klantcontactsysteem')).toBeVisible();
  await expect(card.getByText('Actief')).toBeVisible();
  await expect(card.getByText(/Ontvangt: Afspraak gemaakt, .*Geholpen/)).not.toContainText('Opgeroepen');
  // The secret is not on the page any more.
  await expect(page.getByText(secret)).toHaveCount(0);

  await card.getByRole('button', { name: 'Testbericht sturen' }).click();
  await expect(page.getByText('Testbericht klaargezet')).toBeVisible();
  const deliveries = card.getByRole('region', { name: `Laatste bezorgingen naar ${receiver.url}` });
  await expect(deliveries.getByRole('row', { name: /Testgebeurtenis.*HTTP 204.*Bezorgd/ })).toBeVisible({
    timeout: 20_000,
  });
  expect(receiver.received).toHaveLength(1);
  const [test1] = receiver.received;
  expect(test1!.headers['content-type']).toContain('application/cloudevents+json');
  // The receiver's check with the reference library. The server's clock is NOW (2030) and this process's
  // is not, so the timestamp window of `verify` would refuse it: the signature is checked with its `sign`.
  const id = String(test1!.headers['webhook-id']);
  const timestamp = Number(test1!.headers['webhook-timestamp']);
  expect(Math.abs(timestamp - new Date(NOW).getTime() / 1000)).toBeLessThan(300);
  expect(String(test1!.headers['webhook-signature'])).toBe(
    new Webhook(secret).sign(id, new Date(timestamp * 1000), test1!.body),
  );
  expect(JSON.parse(test1!.body)).toMatchObject({ id, type: 'nl.balie.webhook.test', specversion: '1.0' });

  await card.getByRole('button', { name: 'Pauzeren' }).click();
  await expect(card.getByText('Gepauzeerd')).toBeVisible();
  await expectNoSeriousA11yViolations(page, '/webhooks (one paused)');
  await screenshots(page, 'webhooks');
  await card.getByRole('button', { name: 'Hervatten' }).click();
  await expect(card.getByText('Actief')).toBeVisible();

  // A booking by a visitor reaches the receiver, with nothing of the visitor in it.
  const { items } = await passportItems(request);
  const slot = (await slotsOn(request, items, NOW.slice(0, 10))).at(-1)!;
  const booked = await bookThroughApi(request, items, slot.beginTime, {
    initials: 'Q.',
    lastName: 'Webhookvrij',
    email: 'webhook.vrij@example.org',
  });
  await expect(deliveries.getByRole('row', { name: /Afspraak gemaakt.*HTTP 204/ })).toBeVisible({
    timeout: 20_000,
  });
  const event = receiver.received.at(-1)!;
  expect(JSON.parse(event.body)).toMatchObject({
    type: 'nl.balie.appointment.booked',
    subject: String(booked.id),
  });
  for (const personal of [
    'Webhookvrij',
    'webhook.vrij@example.org',
    '0612345678',
    booked.token,
    booked.checkInCode,
  ])
    expect(event.body).not.toContain(personal);

  await card.getByRole('button', { name: 'Verwijderen' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Verwijderen' }).click();
  await expect(page.getByText('Er zijn nog geen webhooks.')).toBeVisible();
  expect(failed).toEqual([]);
  await receiver.close();
});
