import type { BrowserContext } from '@playwright/test';
import { adminHeaders, availableDays, slotsOn } from '../support/api.js';
import { chooseProduct, expectNoSeriousA11yViolations, passportItems } from '../support/booking.js';
import { expect, test } from '../support/fixtures.js';
import { linkIn, waitForMail } from '../support/mail.js';

// Issue 38 (DESIGN §4c The waitlist) on a phone: a visitor finds nothing that suits, joins the waitlist,
// confirms the place from the mail file; a cancellation elsewhere frees a time; the offer mail's link
// shows it and the visitor books it. Axe on each page; no 4xx or 5xx in the network log.

test.use({ viewport: { width: 390, height: 844 } });

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

test('join the waitlist, confirm from the mail, get a freed time and book it', async ({
  page,
  context,
  request,
  server,
}) => {
  test.slow();
  const failed = failedResponses(context);
  const admin = await adminHeaders(request);
  const { items, minutes } = await passportItems(request);
  // A day at the town hall (Balie 1) with one time left after a closure; another visitor books it.
  const days = await availableDays(request, items);
  const day = days.at(-3)!;
  const first = (await slotsOn(request, items, day)).find((s) => s.desk.id === 1)!;
  const start = first.beginTime.slice(11, 16);
  // Closed from the end of that first time (in the desks' local time) until the desk closes.
  const [h, m] = start.split(':').map(Number) as [number, number];
  const end = h * 60 + m + Math.ceil(minutes / 12) * 12;
  const closeFrom = `${String(Math.floor(end / 60)).padStart(2, '0')}:${String(end % 60).padStart(2, '0')}`;
  const desk = (await (await request.get('/api/desk/1', { headers: admin })).json()) as {
    closures: unknown[];
  };
  const closed = await request.patch('/api/desk/1', {
    headers: admin,
    data: {
      closures: [...desk.closures, { date: day, type: 'partial', from: closeFrom, until: '17:00' }],
      affectedAppointments: 'keep',
    },
  });
  expect(closed.status(), await closed.text()).toBe(200);
  const hold = await request.post('/api/appointment/make-reservation', {
    data: { appointmentItems: items, fromDateTime: first.beginTime, locationId: 1 },
  });
  expect(hold.status(), await hold.text()).toBe(201);
  const other = await request.post('/api/appointment', {
    data: {
      reservationId: ((await hold.json()) as { id: string }).id,
      lastName: 'Eerder',
      email: `eerder.${Date.now()}@example.org`,
      phone: '0612345678',
    },
  });
  expect(other.status(), await other.text()).toBe(201);
  const booked = (await other.json()) as { token: string };

  // Nothing suits: the visitor asks for a place on that day.
  const email = `wacht.${Date.now()}@example.org`;
  await page.goto('/new');
  await chooseProduct(page);
  await page.getByRole('button', { name: 'Zet mij op de wachtlijst' }).click();
  await page.getByLabel('Vanaf').fill(day);
  await page.getByLabel('Tot en met').fill(day);
  await page.getByLabel('E-mailadres').fill(email);
  await expectNoSeriousA11yViolations(page, 'waitlist form');
  await page.getByRole('button', { name: 'Zet mij op de wachtlijst' }).click();
  await expect(page.getByRole('status')).toContainText(`e-mail gestuurd naar ${email}`);

  const confirmMail = await waitForMail(server.dataDir, email, (m) => /Bevestig/.test(m.subject));
  await page.goto(linkIn(confirmMail, '/waitlist-confirm/'));
  await expect(page.getByRole('status')).toContainText('Uw plaats op de wachtlijst is bevestigd');
  await expectNoSeriousA11yViolations(page, 'waitlist confirmed');

  // A cancellation elsewhere: the time goes to the waitlist, and the offer mail links to it.
  expect((await request.get(`/api/appointment/by-token/${booked.token}/cancel`)).status()).toBe(200);
  const offerMail = await waitForMail(server.dataDir, email, (m) => /tijd vrij/.test(m.subject));
  expect(linkIn(offerMail, '/waitlist-leave/')).toContain('/waitlist-leave/');
  await page.goto(linkIn(offerMail, '/waitlist-offer/'));
  await expect(page.getByText(/Wij houden deze tijd voor u vast tot/)).toBeVisible();
  await expect(page.getByText(new RegExp(`${start}–`))).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'waitlist offer');
  await page.getByLabel('Achternaam').fill('Wachter');
  await page.getByLabel('E-mailadres').fill(email);
  await page.getByLabel('Telefoonnummer').fill('0612345678');
  await page.getByRole('button', { name: 'Deze tijd boeken' }).click();
  await expect(page.getByRole('status')).toContainText(`Uw afspraak is gemaakt`);
  await expect(page.getByRole('status')).toContainText(start);
  expect(failed).toEqual([]);
});
