import AxeBuilder from '@axe-core/playwright';
import {
  expect,
  type APIRequestContext,
  type ElementHandle,
  type Locator,
  type Page,
} from '@playwright/test';

export const PRODUCT = 'Paspoort aanvragen';

/**
 * The enabled days of the MUI date calendar (past, unavailable and beyond-window days are disabled). Not
 * those of a month sliding out after a month switch: for a moment both months are in the grid.
 */
export const enabledDays = (page: Page): Locator =>
  page.locator(
    '[role="grid"] [role="rowgroup"]:not(.MuiPickersSlideTransition-slideExit) button[role="gridcell"]:not([disabled])',
  );

/** Slot buttons are labelled 'HH:mm tot HH:mm', or 'HH:mm Stadhuis, tot HH:mm' when several locations show. */
export const slotButtons = (page: Page): Locator =>
  page.getByRole('button', { name: /^\d\d:\d\d (.+, )?tot \d\d:\d\d$/ });

/** The local wall-clock time in an ISO string with offset, e.g. '2026-11-23T08:30:00+01:00' → '08:30'. */
export const wallClock = (iso: string): string => iso.slice(11, 16);

export async function expectNoSeriousA11yViolations(page: Page, where: string): Promise<void> {
  // A page of one document is checked in the page itself (axe's "legacy mode"): the default gathers the
  // results of every frame in a blank page it opens for each call, 7–9 s on the calendar on a loaded
  // machine against 2 s, and the findings are the same (compared on five admin pages). A page with frames
  // gets the default, the one that also tests cross-origin frames.
  const oneDocument = page.frames().length === 1;
  const { violations } = await new AxeBuilder({ page })
    .options({ resultTypes: ['violations'] })
    .setLegacyMode(oneDocument)
    .analyze();
  const bad = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    bad.map(
      (v) =>
        `${v.id} (${v.impact}): ${v.nodes.map((n) => `${n.html} — ${n.failureSummary ?? ''}`).join(' | ')}`,
    ),
    `axe on ${where}`,
  ).toEqual([]);
}

/**
 * Presses Tab until `target` has focus (keyboard only), failing after `max` presses. The target is found
 * once and then held: finding a role by its name walks the whole page, and doing it before every press made
 * the keyboard booking take 50 s of its 60 under load (issue 34 item 15). It is found again only when React
 * replaced the element.
 */
export async function tabTo(page: Page, target: Locator, max = 80): Promise<void> {
  let held: ElementHandle | null = await target.elementHandle();
  for (let i = 0; i < max; i++) {
    const focused = await held
      ?.evaluate((el) => (el.isConnected ? el === document.activeElement : null))
      .catch(() => null);
    if (focused === true) return;
    if (focused !== false) {
      held = await target.elementHandle({ timeout: 1_000 }).catch(() => null);
      if (await held?.evaluate((el) => el === document.activeElement)) return;
    }
    await page.keyboard.press('Tab');
  }
  throw new Error(`could not reach ${target.toString()} with Tab`);
}

/** The demo's locations (DESIGN §4b): Balie 1 is at the town hall, Balie 2 at the north office. */
export const STADHUIS = 'Stadhuis';
export const NOORD = 'Stadswinkel Noord';
export const ANYWHERE = 'Maakt niet uit: zo vroeg mogelijk';

/**
 * Adds the product and goes on to the date and time. The demo offers most products at both locations, so
 * the location step comes between: `location` is what the visitor picks there (the town hall unless
 * told otherwise, whose one desk keeps the slot labels plain), or null for a product one location
 * offers (no location step).
 */
export async function chooseProduct(
  page: Page,
  title = PRODUCT,
  location: string | null = STADHUIS,
): Promise<void> {
  await page.getByRole('button', { name: `${title} toevoegen` }).click();
  if (location !== null) {
    await page.getByRole('button', { name: 'Kies een vestiging' }).click();
    await expect(page.getByRole('heading', { name: 'Waar wilt u naartoe?' })).toBeVisible();
    await page.getByRole('radio', { name: location, exact: true }).check();
  }
  await page.getByRole('button', { name: 'Kies datum en tijd' }).click();
  await expect(page.getByRole('heading', { name: 'Kies een datum en tijd' })).toBeVisible();
}

export async function fillDetails(page: Page, email: string): Promise<void> {
  await page.getByLabel('Voorletters').fill('J.');
  await page.getByLabel('Achternaam').fill('Jansen');
  await page.getByLabel('E-mailadres').fill(email);
  await page.getByLabel('Telefoonnummer').fill('0612345678');
}

/** The hold banner's countdown in seconds ('09:41' → 581). */
export async function secondsLeft(page: Page): Promise<number> {
  const text = (await page.getByRole('timer').textContent()) ?? '';
  const [m, s] = text.split(':').map(Number);
  return (m ?? 0) * 60 + (s ?? 0);
}

/** The booking step the address names (`/new?step=…`). */
export const stepInUrl = (page: Page): string | null => new URL(page.url()).searchParams.get('step');

/** Fails when the page scrolls sideways (issue 9 item 4: nothing wider than a phone). */
export async function expectNoSidewaysScroll(page: Page, where: string): Promise<void> {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect(scrollWidth, `sideways scroll on ${where}`).toBeLessThanOrEqual(clientWidth);
}

/** Opens the calendar month of `date` and clicks that day (the calendar starts on the first bookable day). */
export async function pickDay(page: Page, date: string): Promise<void> {
  const day = String(Number(date.slice(8, 10)));
  // The days load after the calendar appears; until then no day is enabled.
  await expect(enabledDays(page).first()).toBeVisible();
  const target = enabledDays(page).filter({ hasText: new RegExp(`^${day}$`) });
  for (let i = 0; i < 3 && (await target.count()) === 0; i++)
    await page.getByRole('button', { name: 'Volgende maand' }).click();
  await target.first().click();
}

/** The passport product as `appointmentItems` (one of it) and its length in minutes. */
export async function passportItems(request: APIRequestContext) {
  const products = (await (await request.get('/api/products')).json()) as {
    id: number;
    title: string;
    timeUnit: number;
  }[];
  const passport = products.find((p) => p.title === PRODUCT)!;
  return { items: [{ productId: passport.id, amount: 1 }], minutes: passport.timeUnit };
}

/** The start times ('09:00') the booking page offers for the passport on `date`. */
export async function offeredTimes(page: Page, date: string): Promise<string[]> {
  await page.goto('/new');
  await chooseProduct(page);
  await pickDay(page, date);
  await expect(slotButtons(page).first()).toBeVisible();
  return (await slotButtons(page).allTextContents()).map((text) => text.trim().slice(0, 5));
}
