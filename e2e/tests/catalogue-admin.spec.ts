import { readFile } from 'node:fs/promises';
import { DEMO_ADMIN, expect, logIn, test } from '../support/fixtures.js';
import { expectNoSeriousA11yViolations } from '../support/booking.js';

// Issue 7: the admin's catalogue screens against the real server, and what a visitor then sees.

// A real (tiny) PDF: the server types uploads from their content, not their name (decision 0181).
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

test('an admin creates a product with an English title and a file; an English visitor sees that title and downloads the file', async ({
  page,
  browser,
  baseURL,
}) => {
  test.slow(); // two sessions, an upload and a download
  await logIn(page, DEMO_ADMIN);
  await page.goto('/products');
  await page.getByRole('link', { name: 'Nieuw product' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Nieuw product' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Titel', exact: true }).fill('Uittreksel BRP');
  await page
    .getByRole('textbox', { name: 'Wat meenemen', exact: true })
    .fill('Neem een identiteitsbewijs mee.');
  await page.getByRole('textbox', { name: 'Titel (Engels)' }).fill('Extract from the population register');
  await page.getByRole('textbox', { name: 'Wat meenemen (Engels)' }).fill('Bring an identity document.');
  await page.getByRole('button', { name: 'Product aanmaken' }).click();
  await expect(page).toHaveURL(/\/product\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Uittreksel BRP' })).toBeVisible();

  await page.getByRole('link', { name: '0 bestanden' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Bestanden van Uittreksel BRP' })).toBeVisible();
  await page.locator('input[type="file"]').setInputFiles({
    name: 'checklist-brp.pdf',
    mimeType: 'application/pdf',
    buffer: PDF,
  });
  await expect(page.getByText('checklist-brp.pdf toegevoegd')).toBeVisible();
  await expect(page.getByRole('link', { name: /checklist-brp\.pdf/ })).toBeVisible();

  // A program renamed .pdf is refused with its text.
  await page.locator('input[type="file"]').setInputFiles({
    name: 'setup.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('MZ\x90\x00\x03\x00\x00\x00\x04\x00\x00\x00\xff\xff', 'latin1'),
  });
  await expect(
    page.getByText('setup.pdf is geen PDF, afbeelding of kantoordocument en is niet toegevoegd.'),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'product files with a file and a refusal');

  // A visitor in another browser, in English: an English browser gets English at its first visit
  // (decision 0424), no choice needed.
  const visitor = await browser.newContext({ baseURL, locale: 'en-GB', acceptDownloads: true });
  const guest = await visitor.newPage();
  await guest.goto('/new');
  await expect(guest.getByRole('button', { name: /Choose a language/ })).toBeVisible();
  await expect(guest.getByText('Extract from the population register')).toBeVisible();
  await expect(guest.getByText('Bring an identity document.')).toBeVisible();
  await expect(guest.getByText('Uittreksel BRP')).toHaveCount(0);

  const download = guest.waitForEvent('download');
  await guest.getByRole('link', { name: 'checklist-brp.pdf' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('checklist-brp.pdf');
  expect(await readFile(await file.path())).toEqual(PDF);
  await visitor.close();
});
