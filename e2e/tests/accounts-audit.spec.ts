import type { APIRequestContext } from '@playwright/test';
import { DEMO_ADMIN, expect, logIn, test } from '../support/fixtures.js';
import { availableDays, bookThroughApi, moveByLink, slotsOn } from '../support/api.js';
import { screenshots } from '../support/screens.js';
import { expectNoSeriousA11yViolations, passportItems } from '../support/booking.js';

// Issue 7 items 4 and 5: the users screen and the audit trail against the real server.

test("an admin chooses the demo user's role on the users screen", async ({ page }) => {
  await logIn(page, DEMO_ADMIN);
  await page.getByRole('navigation', { name: 'Hoofdmenu' }).getByRole('link', { name: 'Gebruikers' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Gebruikers' })).toBeVisible();
  await page.getByLabel('Zoek op naam of e-mail').fill('user@example.com');
  const row = page.getByRole('row', { name: /Jan Jansen/ });
  await expect(page.getByRole('row')).toHaveCount(2); // the header and the one match
  // The pager counts the rows it shows.
  await expect(page.getByText('1–1 van 1')).toBeVisible();
  // A role chip as shown (a phone shows them in the name's cell instead of their own column).
  const chip = (name: string) => row.getByText(name, { exact: true }).filter({ visible: true });
  await expect(chip('Gebruiker')).toBeVisible();

  const chooseRole = async (role: RegExp, done: string) => {
    await row.getByRole('button', { name: 'Rol wijzigen: Jan Jansen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Rol van Jan Jansen' });
    await dialog.getByRole('radio', { name: role }).check();
    if (done.endsWith('medewerker.')) {
      await expectNoSeriousA11yViolations(page, 'role dialog on /users');
      await screenshots(page, 'users-role-dialog');
    }
    await dialog.getByRole('button', { name: 'Rol opslaan' }).click();
    await expect(page.getByText(done)).toBeVisible();
  };
  await chooseRole(/^Beheerder/, 'Jan Jansen is nu beheerder.');
  await expect(chip('Beheerder')).toBeVisible();
  await chooseRole(/^Medewerker/, 'Jan Jansen is nu medewerker.');
  await expect(chip('Medewerker')).toBeVisible();
  await chooseRole(/^Gebruiker/, 'Jan Jansen is nu gebruiker.');
  await expect(chip('Beheerder')).toHaveCount(0);
  await expect(chip('Medewerker')).toHaveCount(0);

  // Deleting says what happens to sessions and appointments; cancelled here.
  await row.getByRole('button', { name: 'Verwijderen: Jan Jansen' }).click();
  const remove = page.getByRole('dialog', { name: 'Account van Jan Jansen verwijderen?' });
  await expect(remove).toContainText('elke sessie van Jan Jansen stopt meteen');
  await expect(remove).toContainText('De afspraken blijven geldig');
  await expectNoSeriousA11yViolations(page, 'delete dialog on /users');
  await remove.getByRole('button', { name: 'Annuleren' }).click();

  // Taking away one's own admin rights asks a second time.
  await page.getByLabel('Zoek op naam of e-mail').fill('admin@example.com');
  const self = page.getByRole('row', { name: /Anna de Vries \(u\)/ });
  await self.getByRole('button', { name: 'Rol wijzigen: Anna de Vries' }).click();
  await page
    .getByRole('dialog')
    .getByRole('radio', { name: /^Medewerker/ })
    .check();
  await page.getByRole('dialog').getByRole('button', { name: 'Rol opslaan' }).click();
  const second = page.getByRole('dialog', { name: 'Dit is uw eigen account' });
  await expect(second).toContainText('U verliest uw beheerrechten meteen');
  await second.getByRole('button', { name: 'Annuleren' }).click();

  await page.getByLabel('Zoek op naam of e-mail').fill('');
  await expect(page.getByRole('row', { name: /Jan Jansen/ })).toBeVisible();
  await screenshots(page, 'users');

  // The trail shows the role changes with who made them.
  await page.goto('/audit');
  await page.getByRole('combobox', { name: 'Soort' }).click();
  await page.getByRole('option', { name: 'Rol verhoogd' }).click();
  const raised = page.getByRole('listitem').filter({ hasText: 'Rol verhoogd' });
  await expect(raised).toHaveCount(1);
  await expect(raised).toContainText('door Anna de Vries (medewerker)');
  await page.getByRole('combobox', { name: 'Soort' }).click();
  await page.getByRole('option', { name: 'Alle soorten' }).click();
  await expect(page.getByRole('listitem').filter({ hasText: 'Rol verlaagd' })).toHaveCount(2);
  await screenshots(page, 'audit');
});

/** A guest books `PRODUCT` on the second bookable day through the public API (the mailed-link holder). */
async function bookAsGuest(request: APIRequestContext, lastName: string) {
  const { items } = await passportItems(request);
  const days = await availableDays(request, items);
  const slots = await slotsOn(request, items, days[1]!);
  const appointment = await bookThroughApi(request, items, slots[0]!.beginTime, {
    initials: 'H.',
    lastName,
    email: `history-${Date.now()}@example.com`,
  });
  /** The link holder moves it to a later slot of another day. */
  const moveToLaterDay = async () =>
    moveByLink(request, items, appointment, (await slotsOn(request, items, days[2]!))[2]!.beginTime);
  return { appointment, moveToLaterDay };
}

const hhmm = (iso: string) => iso.slice(11, 16);

test("an appointment's history shows its creation, a move and its cancellation with who did each", async ({
  page,
}) => {
  const { appointment, moveToLaterDay } = await bookAsGuest(page.request, 'Historie');
  const moved = await moveToLaterDay();

  await logIn(page, DEMO_ADMIN);
  await page.goto('/appointments');
  await page.getByLabel('Naam, e-mail, telefoon of incheckcode').fill('Historie');
  const card = page.getByRole('listitem').filter({ hasText: hhmm(moved.fromDateTime) });
  await expect(card).toHaveCount(1);
  await card.getByRole('button', { name: 'Annuleren' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Afspraak annuleren' }).click();
  await expect(card.getByText('Geannuleerd')).toBeVisible();

  await card.getByRole('button', { name: 'Details en geschiedenis' }).click();
  const dialog = page.getByRole('dialog', { name: 'H. Historie' });
  const history = dialog.getByRole('region', { name: 'Geschiedenis' });
  const lines = history.getByRole('listitem');
  await expect(lines).toHaveCount(3);
  await expect(lines.nth(0)).toContainText('Aangemaakt');
  await expect(lines.nth(0)).toContainText('door bezoeker (via link)');
  await expect(lines.nth(1)).toContainText(
    new RegExp(`Verplaatst van .*${hhmm(appointment.fromDateTime)}.* naar .*${hhmm(moved.fromDateTime)}`),
  );
  await expect(lines.nth(1)).toContainText('door bezoeker (via link)');
  await expect(lines.nth(2)).toContainText('Geannuleerd');
  await expect(lines.nth(2)).toContainText('door Anna de Vries (medewerker)');
  await expectNoSeriousA11yViolations(page, 'appointment details with history');
  await screenshots(page, 'appointment-history');
});
