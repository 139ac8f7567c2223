import { adminHeaders, bookThroughApi, slotsOn } from '../support/api.js';
import {
  chooseProduct,
  enabledDays,
  expectNoSeriousA11yViolations,
  passportItems,
  slotButtons,
} from '../support/booking.js';
import { DEMO_ADMIN, expect, logIn, test } from '../support/fixtures.js';
import { screenshots } from '../support/screens.js';

// Issue 20: the public privacy statement says how long data is kept, and an admin answers an erasure
// request from the screen, after which the visitor's name is gone from the calendar.

/** A Tuesday at 10:00 in Amsterdam for the server and the browser, so "today" has slots left. */
const NOW = '2030-03-12T10:00:00+01:00';
const today = NOW.slice(0, 10);
test.use({ serverEnv: { BALIE_TEST_NOW: NOW } });

test('the privacy page states the retention period in Dutch and English, and the details step links to it', async ({
  page,
  request,
}) => {
  await page.clock.install({ time: new Date(NOW) });
  const headers = await adminHeaders(request);
  const set = await request.patch('/api/organisation', { headers, data: { retentionDays: 45 } });
  expect(set.status(), await set.text()).toBe(200);

  await page.goto('/privacy');
  await expect(page.getByRole('heading', { level: 1, name: 'Privacyverklaring' })).toBeVisible();
  await expect(
    page.getByText('Wij bewaren de persoonsgegevens van een afspraak 45 dagen na de afspraak.'),
  ).toBeVisible();
  await expect(page.getByText(/automatisch gewist/)).toContainText('45 dagen na de afspraak');
  await expect(page.getByRole('heading', { level: 2, name: 'Uw rechten' })).toBeVisible();
  await expect(page.getByText(/Vragen en verzoeken:/)).toContainText('info@voorbeeldstad.example');
  await expectNoSeriousA11yViolations(page, '/privacy');
  await screenshots(page, 'privacy-statement');

  await page.evaluate(() => window.localStorage.setItem('ui_language', 'en'));
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy statement' })).toBeVisible();
  await expect(page.getByText(/erased automatically/)).toContainText('45 days after the appointment');
  await page.evaluate(() => window.localStorage.setItem('ui_language', 'nl'));

  // The booking form's details step names it, opening in a tab of its own.
  const { items } = await passportItems(request);
  await page.goto('/new');
  await chooseProduct(page);
  await enabledDays(page).first().click();
  await slotButtons(page).first().click();
  await page.getByRole('button', { name: 'Volgende', exact: true }).click();
  const link = page.getByRole('link', { name: /privacyverklaring/ });
  await expect(link).toHaveAttribute('href', '/privacy');
  await expect(link).toHaveAttribute('target', '_blank');
  expect(items.length).toBe(1);

  await request.patch('/api/organisation', { headers, data: { retentionDays: 30 } });
});

test('an admin erases an address from the screen and its appointment leaves the calendar’s names', async ({
  page,
  request,
}) => {
  test.slow();
  await page.clock.install({ time: new Date(NOW) });
  const { items } = await passportItems(request);
  const later = (await slotsOn(request, items, today)).find((s) => s.beginTime >= `${today}T14:00`);
  expect(later, 'a slot from 14:00 today').toBeDefined();
  const email = `wis.mij.${Date.now()}@example.org`;
  await bookThroughApi(request, items, later!.beginTime, { initials: 'W.', lastName: 'Wisselink', email });
  const other = (await slotsOn(request, items, today)).find((s) => s.beginTime > later!.beginTime);
  await bookThroughApi(request, items, other!.beginTime, {
    initials: 'K.',
    lastName: 'Blijft',
    email: `blijft.${Date.now()}@example.org`,
  });

  await logIn(page, DEMO_ADMIN);
  await page.goto('/calendar');
  await expect(page.getByText(/W\. Wisselink/)).toBeVisible();
  await expect(page.getByText(/K\. Blijft/)).toBeVisible();

  await page.getByRole('link', { name: 'Privacyverzoeken' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Privacyverzoeken' })).toBeVisible();
  await page.getByLabel('E-mailadres van de aanvrager').fill(email.toUpperCase());
  await page.getByRole('button', { name: 'Opzoeken' }).click();
  const held = page.getByRole('region', { name: `Bewaard over ${email}` });
  await expect(held).toContainText('Er is geen account met dit adres.');
  await expect(held).toContainText('1 afspraak, waarvan 1 nog komt');
  await expect(held.getByRole('list', { name: 'Afspraken die nog komen' })).toContainText(
    'Paspoort aanvragen',
  );
  await expectNoSeriousA11yViolations(page, '/privacy-requests with a result');
  await screenshots(page, 'privacy-requests');

  const download = page.waitForEvent('download');
  await held.getByRole('button', { name: 'Download (JSON)' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^persoonsgegevens-\d{4}-\d{2}-\d{2}\.json$/);

  await held.getByRole('button', { name: 'Alles wissen' }).click();
  const dialog = page.getByRole('dialog', { name: `Alles over ${email} wissen?` });
  await expect(dialog).toContainText('1 afspraak die nog komt wordt geannuleerd');
  await expectNoSeriousA11yViolations(page, '/privacy-requests confirm dialog');
  await dialog.getByRole('button', { name: 'Wissen' }).click();
  await expect(
    page.getByText(`Gewist voor ${email}: 1 afspraak geannuleerd, 1 geanonimiseerd, geen account.`),
  ).toBeVisible();

  await page.getByRole('link', { name: 'Agenda' }).click();
  // Loaded (the other visitor's name shows), and the erased one's is nowhere.
  await expect(page.getByText(/K\. Blijft/)).toBeVisible();
  await expect(page.getByText(/Wisselink/)).toHaveCount(0);
});
