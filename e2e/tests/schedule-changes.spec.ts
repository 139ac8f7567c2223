import type { APIRequestContext } from '@playwright/test';
import { adminHeaders, bookThroughApi, slotsOn, type Slot } from '../support/api.js';
import { DEMO_ADMIN, expect, logIn, test } from '../support/fixtures.js';
import { expectNoSeriousA11yViolations, offeredTimes, passportItems } from '../support/booking.js';
import { icsProperty, waitForMail } from '../support/mail.js';

// Issue 6: what the admin's schedule changes do to the booking page and to visitors, on a fixed clock
// (decision 0231) so the days used are always ahead and the same.

/** Tuesday 12 March 2030, 10:00 in Amsterdam. */
const NOW = '2030-03-12T10:00:00+01:00';
const WEDNESDAY = '2030-03-13';
const SATURDAY = '2030-03-16';
test.use({ serverEnv: { BALIE_TEST_NOW: NOW } });
// The browser's clock too: the booking calendar opens on the month the server calls "now".
test.beforeEach(async ({ page }) => page.clock.install({ time: new Date(NOW) }));

async function passportSlotsOn(request: APIRequestContext, date: string): Promise<Slot[]> {
  return slotsOn(request, (await passportItems(request)).items, date);
}

/** Books a slot through the public API as a visitor would. */
async function book(request: APIRequestContext, slot: Slot, lastName: string, email: string) {
  const { items } = await passportItems(request);
  return bookThroughApi(request, items, slot.beginTime, { initials: 'K.', lastName, email });
}

const clock = (slot: Slot) => slot.beginTime.slice(11, 16);
const morning = (slots: Slot[]) => slots.filter((s) => clock(s) < '12:00').map(clock);
const afternoon = (slots: Slot[]) => slots.filter((s) => clock(s) >= '12:00').map(clock);

test('a 50 % morning overflow thins the morning out as DESIGN §4 counts it', async ({ page, request }) => {
  const { minutes } = await passportItems(request);
  expect(minutes).toBe(12);
  // The demo desks are closed on Saturdays: every Saturday slot is this desk's. An hour each day part.
  const desk = await request.post('/api/desks', {
    headers: await adminHeaders(request),
    data: {
      name: 'Zaterdagbalie',
      active: true,
      openingHours: [
        { weekday: 6, opens: '09:00', closes: '10:00' },
        { weekday: 6, opens: '13:00', closes: '14:00' },
      ],
    },
  });
  expect(desk.status(), await desk.text()).toBe(201);
  const deskId = ((await desk.json()) as { id: number }).id;
  const everySlot = ['09:00', '09:12', '09:24', '09:36', '09:48'];
  const afternoonSlots = ['13:00', '13:12', '13:24', '13:36', '13:48'];
  expect(morning(await passportSlotsOn(request, SATURDAY))).toEqual(everySlot);

  await logIn(page, DEMO_ADMIN);
  await page.goto(`/front-desk/${deskId}`);
  const form = page.getByRole('form', { name: 'Overloop' });
  await expect(
    form.getByText('Dit deel van de openingsminuten wordt vrijgehouden voor bezoekers zonder afspraak.'),
  ).toBeVisible();
  await form
    .getByRole('group', { name: 'Standaardpercentages' })
    .getByRole('spinbutton', { name: 'Ochtend' })
    .fill('50');
  await form.getByRole('button', { name: 'Overloop opslaan' }).click();
  await expect(page.getByText('Opgeslagen')).toBeVisible();

  // The rule: bookings starting in the morning may fill floor(60 open minutes × (100 − 50) / 100) = 30
  // minutes, so two 12-minute bookings (24) fit and a third (36) does not. Until the share is used up
  // every start is still offered; the afternoon (0 %) keeps all of its slots throughout.
  const quota = Math.floor((60 * (100 - 50)) / 100);
  expect(quota).toBe(30);
  let slots = await passportSlotsOn(request, SATURDAY);
  expect(morning(slots)).toEqual(everySlot);
  await book(request, slots[0]!, 'Eerste', 'eerste@example.com');
  slots = await passportSlotsOn(request, SATURDAY);
  expect(morning(slots), '12 of 30 minutes used: 12 more fit').toEqual(['09:12', '09:24', '09:36', '09:48']);
  await book(
    request,
    slots.find((s) => clock(s) === '09:24')!,
    'Tweede',
    'tweede@example.com',
  );
  slots = await passportSlotsOn(request, SATURDAY);
  expect(morning(slots), '24 of 30 minutes used: 12 more do not fit').toEqual([]);
  expect(afternoon(slots)).toEqual(afternoonSlots);

  // The booking page offers the same: the afternoon only.
  expect(await offeredTimes(page, SATURDAY)).toEqual(afternoonSlots);
});

test('closing a day that holds a booking: listed, moved to the other location when chosen, and the visitor mailed with the new address', async ({
  page,
  request,
  server,
}) => {
  const slot = (await passportSlotsOn(request, WEDNESDAY)).find((s) => clock(s) === '10:06')!;
  const email = 'k.verplaatst@example.com';
  const booked = await book(request, slot, 'Verplaatst', email);
  // Confirmation first, so the change mail below is told apart from it.
  await waitForMail(server.dataDir, email, (m) => m.subject.startsWith('Bevestiging'));

  await logIn(page, DEMO_ADMIN);
  await page.goto(`/front-desk/${booked.desk.id}`);
  const closure = page.getByRole('form', { name: 'Sluiting toevoegen' });
  await closure.getByLabel('Datum').fill(WEDNESDAY);
  await closure.getByLabel('Reden').fill('Storing');
  await closure.getByRole('button', { name: 'Sluiting toevoegen' }).click();

  const dialog = page.getByRole('dialog', { name: 'Afspraken die door deze wijziging geraakt worden' });
  const affected = dialog.getByRole('list', { name: 'Geraakte afspraken' }).getByRole('listitem');
  await expect(affected).toHaveCount(1);
  await expect(affected).toContainText('K. Verplaatst');
  await expect(affected).toContainText('10:06');
  // The demo has one desk per location: within the location nobody can take it (decision 0422), so the
  // default would cancel it; the other location is a choice of its own that names where visitors go.
  await expect(dialog.getByRole('radio', { name: /Verplaatsen naar een andere balie in / })).toBeChecked();
  await expect(
    dialog.getByRole('list', { name: 'Vestigingen die bezoekers zouden ontvangen' }),
  ).toContainText('1 afspraak');
  await expectNoSeriousA11yViolations(page, 'affected-appointments dialog');
  await dialog.getByRole('radio', { name: 'Verplaatsen naar een andere vestiging' }).check();
  await dialog.getByRole('button', { name: 'Opslaan met deze keuze' }).click();
  await expect(page.getByText('Opgeslagen')).toBeVisible();

  const moved = (await (await request.get(`/api/appointment/by-token/${booked.token}`)).json()) as {
    status: string;
    fromDateTime: string;
    desk: { id: number; name: string };
    location: { name: string; street: string; postcode: string; city: string };
  };
  expect(moved).toMatchObject({ status: 'confirmed', fromDateTime: slot.beginTime });
  expect(moved.desk.id).not.toBe(booked.desk.id);

  // The subject leads with where to go now (the day and time stay), the body gives the reason.
  const mail = await waitForMail(server.dataDir, email, (m) =>
    m.subject.startsWith(
      `Uw afspraak is verplaatst naar ${moved.location.name}, ${moved.location.street} — `,
    ),
  );
  expect(mail.body).toContain('Reden: Storing');
  // The new desk and where it is: its location's name and address, in the mail and its calendar entry.
  const address = `${moved.location.street}, ${moved.location.postcode} ${moved.location.city}`;
  expect(mail.body).toContain(moved.desk.name);
  expect(mail.body).toContain(moved.location.name);
  expect(mail.body).toContain(address);
  const ics = Object.entries(mail.attachments).find(([name]) => name.endsWith('.ics'))?.[1] ?? '';
  expect(icsProperty(ics, 'LOCATION')).toBe(`${moved.desk.name}, ${address}`);
  await expectNoSeriousA11yViolations(page, 'desk page after a move');
});
