import type { APIRequestContext, Page } from '@playwright/test';
import { adminHeaders, bookThroughApi, slotsOn } from '../support/api.js';
import { expect, logIn, test } from '../support/fixtures.js';
import { screenshots } from '../support/screens.js';
import { expectNoSeriousA11yViolations, passportItems, PRODUCT, tabTo } from '../support/booking.js';

// Issue 22: calling visitors — check-in, "next", walk-in tickets and the waiting room's display.

/** A Tuesday at 10:00 in Amsterdam for the server and the browsers (decision 0231). */
const NOW = '2030-03-12T10:00:00+01:00';
const today = NOW.slice(0, 10);
test.use({ serverEnv: { BALIE_TEST_NOW: NOW } });

/** Where to keep the display's screenshots at a TV's and a portrait screen's size, when set. */
const SCREENS = process.env.SCREENS_DIR;

/** A desk open all of today at the first location, and a visitor booked there for today. */
async function bookToday(request: APIRequestContext, deskName = 'Balie Wacht') {
  const headers = await adminHeaders(request);
  const made = await request.post('/api/desks', {
    headers,
    data: { name: deskName, openingHours: [{ weekday: 2, opens: '00:00', closes: '24:00' }] },
  });
  expect(made.status(), await made.text()).toBe(201);
  const desk = (await made.json()) as { id: number; name: string; locationId: number };
  const { items } = await passportItems(request);
  const slots = await slotsOn(request, items, today);
  const slot = slots.find((s) => s.desk.id === desk.id) ?? slots[0]!;
  const booked = await bookThroughApi(request, items, slot.beginTime, {
    initials: 'Q.',
    lastName: 'Wachtend',
    email: 'q.wachtend@example.com',
  });
  const location = (await (await request.get(`/api/location/${desk.locationId}`, { headers })).json()) as {
    id: number;
    displayKey: string;
  };
  return { desk, booked, location, headers, items };
}

/** A colleague behind the desk (ROLE_STAFF, DESIGN §4b): registered, then made staff by the admin. */
async function staffAccount(
  request: APIRequestContext,
  headers: Record<string, string>,
  email = 'baliemedewerker@example.com',
) {
  const account = { email, password: 'Balie1234!' };
  const registered = await request.post('/api/register', { data: account });
  expect(registered.status(), await registered.text()).toBe(201);
  const { user } = (await registered.json()) as { user: { id: number } };
  const promoted = await request.get(`/api/user/${user.id}/promote-to-manager?role=ROLE_STAFF`, { headers });
  expect(promoted.status(), await promoted.text()).toBe(200);
  expect(((await promoted.json()) as { roles: string[] }).roles).toContain('ROLE_STAFF');
  return account;
}

/** How many visitors the location's queue has served today, as the API tells staff. */
async function servedToday(request: APIRequestContext, headers: Record<string, string>, locationId: number) {
  const res = await request.get(`/api/queue?locationId=${locationId}`, { headers });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { state: string }[]).filter((e) => e.state === 'served').length;
}

async function displayShots(page: Page) {
  if (!SCREENS) return;
  for (const [width, height] of [
    [1920, 1080],
    [1080, 1920],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    await page.screenshot({ path: `${SCREENS}/display-${width}x${height}.png` });
  }
  await page.setViewportSize({ width: 1920, height: 1080 });
}

test('a desk checks a visitor in, calls them and a walk-in; the display in the waiting room shows each call', async ({
  page,
  request,
  browser,
  server,
}) => {
  test.slow();
  await page.clock.install({ time: new Date(NOW) });
  const { desk, booked, location, items, headers } = await bookToday(request);
  const staff = await staffAccount(request, headers);
  const ticket = booked.checkInCode.slice(0, 4);

  // The waiting room's screen: another browser, no sign-in, the location's key.
  const tv = await browser.newContext({ baseURL: server.url, viewport: { width: 1920, height: 1080 } });
  const display = await tv.newPage();
  await display.goto(`/display/${location.id}?key=${encodeURIComponent(location.displayKey)}`);
  await expect(display.getByText('Welkom. U wordt hier opgeroepen.')).toBeVisible();
  await expectNoSeriousA11yViolations(display, 'the display, before any call');

  // A staff member works the queue: the desk's work needs no admin rights.
  await logIn(page, staff);
  const queue = page.getByRole('region', { name: /^Wachtrij/ });
  await expect(queue.getByText('Kies uw balie om bezoekers te roepen.')).toBeVisible();
  await queue.getByRole('combobox', { name: 'Uw balie' }).click();
  await page.getByRole('option', { name: new RegExp(`^${desk.name}`) }).click();
  await expect(queue.getByText('Er wacht niemand.')).toBeVisible();

  // Check in by code: the visitor joins the queue, the waiting time runs.
  const field = page.getByRole('textbox', { name: 'Incheckcode' });
  await field.fill(booked.checkInCode);
  await field.press('Enter');
  const waiting = queue.getByRole('list', { name: 'Wachtende bezoekers' });
  await expect(waiting.getByRole('listitem')).toHaveCount(1);
  await expect(waiting).toContainText(ticket);
  await expect(waiting).toContainText('wacht 0 minuten');
  await expectNoSeriousA11yViolations(page, 'the queue on /home');
  await screenshots(page, 'queue');

  await queue.getByRole('button', { name: 'Volgende roepen' }).click();
  await expect(
    queue.getByRole('status').filter({ hasText: `${ticket} is naar uw balie geroepen.` }),
  ).toBeVisible();
  const mine = queue.getByRole('list', { name: 'Aan uw balie' });
  await expect(mine).toContainText(ticket);

  // The display shows the call, announces it politely, and never the visitor's name.
  await expect(display.getByTestId('current-ticket')).toHaveText(ticket);
  await expect(display.getByText(`naar ${desk.name}`, { exact: true })).toBeVisible();
  await expect(display.getByRole('status')).toHaveText(`${ticket.split('').join(' ')}, naar ${desk.name}`);
  await expect(display.locator('body')).not.toContainText('Wachtend');
  const size = await display
    .getByTestId('current-ticket')
    .evaluate((e) => parseFloat(getComputedStyle(e).fontSize));
  expect(size).toBeGreaterThanOrEqual(64);
  await mine.getByRole('button', { name: `${ticket} geholpen` }).click();
  await expect(queue.getByText('Vandaag: 1 geholpen, 0 niet verschenen.')).toBeVisible();

  // A walk-in: the products, the walk-in minutes, the ticket to hand out; then called.
  const walkIn = queue.getByRole('region', { name: 'Inloop' });
  // The demo desks keep no minutes for walk-ins: no share is set, so there is no limit to warn about
  // (issue 34 item 12).
  await expect(
    walkIn.getByText(
      'Voor dit dagdeel is geen aandeel voor inlopers ingesteld: inlopers hebben geen limiet.',
    ),
  ).toBeVisible();
  await walkIn.getByRole('checkbox', { name: new RegExp(`^${PRODUCT}`) }).check();
  await expect(walkIn.getByText(/inloopminuten/)).toHaveCount(0);
  await walkIn.getByRole('button', { name: 'Ticket maken' }).click();
  await expect(walkIn.getByRole('status')).toContainText('W001');
  await expect(waiting).toContainText('W001');
  await queue.getByRole('button', { name: 'Volgende roepen' }).click();
  await expect(display.getByTestId('current-ticket')).toHaveText('W001');
  await expect(display.getByRole('region', { name: 'Eerder geroepen' })).toContainText(ticket);
  await expectNoSeriousA11yViolations(display, 'the display with calls');
  await displayShots(display);

  // The server restarts: the display says it lost the connection, comes back by itself and shows the
  // next call (made through the API after the restart).
  // Five minutes on: the restarted server's clock starts there.
  const restarted = server.restart({ BALIE_TEST_NOW: '2030-03-12T10:05:00+01:00' });
  await expect(display.getByRole('alert')).toHaveText('Verbinding verbroken — opnieuw verbinden…');
  await restarted;
  await expect(display.getByRole('alert')).toHaveCount(0, { timeout: 20_000 });
  // A fresh sign-in on the restarted server's clock.
  const again = await adminHeaders(request);
  const second = await request.post('/api/walk-ins', {
    headers: again,
    data: { locationId: location.id, appointmentItems: items },
  });
  expect(second.status(), await second.text()).toBe(201);
  const called = await request.post('/api/queue/call', { headers: again, data: { deskId: desk.id } });
  expect(called.status(), await called.text()).toBe(200);
  await expect(display.getByTestId('current-ticket')).toHaveText('W002');
  await tv.close();
});

// Issue 23 item 3: the desk's work by keyboard alone (Tab, arrows, Enter), as a staff member would.
test('by keyboard alone, staff choose their desk, check a visitor in, call and serve them', async ({
  page,
  request,
}) => {
  test.slow();
  await page.clock.install({ time: new Date(NOW) });
  const { desk, booked, headers } = await bookToday(request, 'Balie Toetsenbord');
  const ticket = booked.checkInCode.slice(0, 4);
  await logIn(page, await staffAccount(request, headers, 'toetsenbord@example.com'));
  const queue = page.getByRole('region', { name: /^Wachtrij/ });

  // The desk: Tab to the select, open it with the arrow key, walk to the desk, Enter.
  const deskSelect = queue.getByRole('combobox', { name: 'Uw balie' });
  await tabTo(page, deskSelect);
  await page.keyboard.press('ArrowDown');
  const option = page.getByRole('option', { name: new RegExp(`^${desk.name}`) });
  await expect(option).toBeVisible();
  for (let i = 0; i < 20; i++) {
    if (await option.evaluate((el) => el === document.activeElement)) break;
    await page.keyboard.press('ArrowDown');
  }
  await page.keyboard.press('Enter');
  await expect(deskSelect).toContainText(desk.name);
  await expect(queue.getByText('Er wacht niemand.')).toBeVisible();

  // Check in: Tab to the code field, type the code, Enter.
  await tabTo(page, page.getByRole('textbox', { name: 'Incheckcode' }));
  await page.keyboard.type(booked.checkInCode);
  await page.keyboard.press('Enter');
  const waiting = queue.getByRole('list', { name: 'Wachtende bezoekers' });
  await expect(waiting).toContainText(ticket);

  // Call the next and serve them: Tab and Enter.
  await tabTo(page, queue.getByRole('button', { name: 'Volgende roepen' }));
  await page.keyboard.press('Enter');
  const mine = queue.getByRole('list', { name: 'Aan uw balie' });
  await expect(mine).toContainText(ticket);
  // The spec's tests share a server: the day's count starts at what the tests before this one served.
  const served = await servedToday(request, headers, desk.locationId);
  await expect(queue.getByText(`Vandaag: ${served} geholpen, 0 niet verschenen.`)).toBeVisible();
  await tabTo(page, mine.getByRole('button', { name: `${ticket} geholpen` }));
  await page.keyboard.press('Enter');
  await expect(queue.getByText(`Vandaag: ${served + 1} geholpen, 0 niet verschenen.`)).toBeVisible();
  await expect(mine).toHaveCount(0);
});

test('a display with a wrong key says so instead of waiting for calls', async ({ page }) => {
  await page.goto('/display/1?key=wrong');
  await expect(page.getByRole('alert')).toHaveText(
    'De link van dit scherm is niet (meer) geldig. Vraag de beheerder om de huidige link.',
  );
});
