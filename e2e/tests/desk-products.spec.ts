import { slotsOn, type Slot } from '../support/api.js';
import { DEMO_ADMIN, expect, logIn, test } from '../support/fixtures.js';
import {
  enabledDays,
  expectNoSeriousA11yViolations,
  passportItems,
  PRODUCT,
  slotButtons,
  wallClock,
} from '../support/booking.js';

// Issue 19: a desk that serves only some products (DESIGN §4b), set on the desk page. A server of its
// own (its own serverEnv): the change would reach the bookings of the other specs.
test.use({ serverEnv: { BALIE_E2E_SERVER: 'desk-products' } });

const DRIVING_LICENCE = 'Rijbewijs aanvragen of verlengen';

test('makes Balie 1 serve the driving licence only: the passport is offered at Balie 2’s times alone', async ({
  page,
  request,
}) => {
  await logIn(page, DEMO_ADMIN);
  await page.goto('/front-desks');
  await page
    .getByRole('link', { name: /^Balie 1/ })
    .first()
    .click();
  await expect(page.getByRole('heading', { level: 1, name: /Balie 1/ })).toBeVisible();
  await page.getByRole('radio', { name: 'Alleen de gekozen producten' }).check();
  await page.getByRole('checkbox', { name: DRIVING_LICENCE }).check();
  await page.getByRole('button', { name: 'Producten opslaan' }).click();
  await expect(page.getByText('Opgeslagen')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'desk page with chosen products');

  // The server answers for the passport with Balie 2 only.
  const { items } = await passportItems(request);
  const days = (await (
    await request.post('/api/available-days', { data: { appointmentItems: items } })
  ).json()) as string[];
  const slots: Slot[] = await slotsOn(request, items, days[0]!);
  expect(slots.length).toBeGreaterThan(0);
  expect(new Set(slots.map((s) => s.desk.id))).toEqual(new Set([2]));

  // The booking page: one location serves it now, so no location step, and exactly those times.
  await page.goto('/new');
  await page.getByRole('button', { name: `${PRODUCT} toevoegen` }).click();
  await page.getByRole('button', { name: 'Kies datum en tijd' }).click();
  await expect(page.getByRole('heading', { name: 'Kies een datum en tijd' })).toBeVisible();
  await enabledDays(page).first().click();
  await expect(slotButtons(page)).toHaveCount(slots.length);
  await expect(slotButtons(page).first()).toHaveText(wallClock(slots[0]!.beginTime));
});
