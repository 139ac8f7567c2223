import type { APIRequestContext } from '@playwright/test';
import { adminHeaders, bookThroughApi, slotsOn } from '../support/api.js';
import { DEMO_ADMIN, expect, logIn, test } from '../support/fixtures.js';
import { screenshots } from '../support/screens.js';
import { expectNoSeriousA11yViolations, passportItems, wallClock } from '../support/booking.js';

// Issue 8: the desk's day against the real server — today's list, check-in by code, exports, admin calendar.

/**
 * "Now" for the server and the browser (decision 0231): a Tuesday at 10:00 in Amsterdam, so "today" has
 * slots left whatever the hour the suite runs at (the wall clock once failed it just before midnight).
 */
const NOW = '2030-03-12T10:00:00+01:00';
const today = NOW.slice(0, 10);
const weekday = 2;
test.use({ serverEnv: { BALIE_TEST_NOW: NOW } });

interface Booked {
  name: string;
  time: string;
  code: string;
}

/**
 * A booking for today through the public API, on a desk of its own (open all of today's weekday) that
 * gets the agenda label 'E2E'.
 */
async function bookToday(request: APIRequestContext): Promise<Booked> {
  const headers = await adminHeaders(request);
  const desk = await request.post('/api/desks', {
    headers,
    data: { name: 'Dagbalie', active: true, openingHours: [{ weekday, opens: '00:00', closes: '24:00' }] },
  });
  expect(desk.status(), await desk.text()).toBe(201);
  const { items } = await passportItems(request);
  const slots = await slotsOn(request, items, today);
  expect(slots.length, 'a slot left today').toBeGreaterThan(0);
  const a = await bookThroughApi(request, items, slots[0]!.beginTime, {
    initials: 'T.',
    lastName: 'Vandaag',
    email: 't.vandaag@example.com',
  });
  const labelled = await request.patch(`/api/desk/${a.desk.id}`, { headers, data: { label: 'E2E' } });
  expect(labelled.status(), await labelled.text()).toBe(200);
  return { name: 'T. Vandaag', time: wallClock(a.fromDateTime), code: a.checkInCode };
}

test("the desk's day: today's list, check-in by code, both exports, the admin calendar", async ({
  page,
  request,
}) => {
  test.slow();
  // The browser's clock runs from the same moment (the calendar opens on its week).
  await page.clock.install({ time: new Date(NOW) });
  const booked = await bookToday(request);
  await logIn(page, DEMO_ADMIN);

  const list = page.getByRole('list', { name: 'Afspraken van vandaag' });
  const row = list.getByRole('listitem').filter({ hasText: booked.name });
  await expect(row).toContainText(booked.time);
  await expect(row).toContainText('E2E');
  await expect(row).toContainText('Bevestigd');
  await expectNoSeriousA11yViolations(page, '/home (today)');
  await screenshots(page, 'today');
  await page.setViewportSize({ width: 1366, height: 900 });

  // A hand scanner types the code (lower case and a hyphen are fine) and Enter.
  const field = page.getByRole('textbox', { name: 'Incheckcode' });
  await field.fill(`${booked.code.slice(0, 4).toLowerCase()}-${booked.code.slice(4)}`);
  await field.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: 'Ingecheckt:' })).toHaveText(
    `Ingecheckt: ${booked.name}, ${booked.time}`,
  );
  await expect(row).toContainText('Ingecheckt');
  await field.fill(booked.code);
  await field.press('Enter');
  await expect(page.getByText('Deze afspraak is al ingecheckt.')).toBeVisible();

  for (const [button, file] of [
    ['CSV downloaden', 'afspraken.csv'],
    ['PDF downloaden', 'afspraken.pdf'],
  ] as const) {
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: button }).click();
    expect((await download).suggestedFilename()).toBe(file);
  }
  await expect(page.getByText('Genereren mislukt')).toHaveCount(0);

  await page.goto('/calendar');
  const event = page.getByText(`E2E: ${booked.name}`);
  await expect(event).toBeVisible();
  await expectNoSeriousA11yViolations(page, '/calendar (admin)');
  await event.click();
  const dialog = page.getByRole('dialog', { name: booked.name });
  await expect(dialog).toContainText(booked.code);
  await expect(dialog).toContainText('Ingecheckt');
  await expectNoSeriousA11yViolations(page, '/calendar details');
  await screenshots(page, 'calendar-details');
});
