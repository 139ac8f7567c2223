import { readFileSync } from 'node:fs';
import { DEMO_ADMIN, expect, logIn, test } from '../support/fixtures.js';
import { expectNoSeriousA11yViolations } from '../support/booking.js';
import { screenshots } from '../support/screens.js';

// Issue 24: the statistics page draws every chart from the demo data's eight weeks of history, each with
// its numbers as a table and a CSV, and suggests a walk-in share per desk and day part that one click applies.
const NOW = '2030-03-12T10:00:00+01:00';
test.use({ serverEnv: { BALIE_TEST_NOW: NOW } });

const CHARTS = [
  'Per dag',
  'Wachttijd en behandeltijd',
  'Bezetting',
  'Niet verschenen per product',
  'Boekingstermijn',
];

test('an admin sees the last four weeks as charts, tables and CSV files, and applies a walk-in share', async ({
  page,
}) => {
  await page.clock.install({ time: new Date(NOW) });
  await page.setViewportSize({ width: 1366, height: 900 });
  await logIn(page, DEMO_ADMIN);
  await page.getByRole('link', { name: 'Statistieken' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Statistieken' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Laatste 4 weken' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByLabel('Van')).toHaveValue('2030-02-13');
  await expect(page.getByLabel('Tot en met')).toHaveValue('2030-03-12');
  await expect(page.getByRole('status').filter({ hasText: /^Van / })).toContainText(
    'Van 13-2-2030 tot en met 12-3-2030',
  );

  for (const title of CHARTS) {
    const section = page.getByRole('region', { name: title });
    await expect(section).toBeVisible();
    // The numbers as a table (for screen readers), with rows of figures.
    const table = section.getByRole('table', { name: title });
    await expect(table).toBeAttached();
    expect(await table.getByRole('row').count()).toBeGreaterThan(2);
  }
  // The drawn charts: x-charts' SVGs with their lines and bars.
  await expect(page.getByTestId('per-day-chart').locator('svg path.MuiLineChart-line').first()).toBeVisible();
  await expect(page.getByTestId('waiting-chart').locator('svg path.MuiLineChart-line').first()).toBeVisible();
  await expect(page.getByTestId('no-shows-chart').locator('svg .MuiBarChart-element').first()).toBeVisible();
  await expect(page.getByTestId('lead-time-chart').locator('svg .MuiBarChart-element').first()).toBeVisible();
  await expect(
    page
      .getByTestId('occupancy-chart')
      .getByText(/^\d+%$/)
      .first(),
  ).toBeVisible();

  // The CSV of the no-shows per product: the table's figures, UTF-8 with BOM, ;-separated.
  const noShows = page.getByRole('region', { name: 'Niet verschenen per product' });
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    noShows.getByRole('button', { name: 'Niet verschenen per product downloaden als CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('statistieken-niet-verschenen.csv');
  const csv = readFileSync((await download.path())!, 'utf8');
  expect(
    csv.startsWith('\uFEFFProduct;Geboekt;Ingecheckt;Niet verschenen;Geannuleerd;Niet verschenen (%)'),
  ).toBe(true);
  expect(csv).toContain('Paspoort aanvragen;');
  const [perDay] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Per dag downloaden als CSV' }).click(),
  ]);
  expect(readFileSync((await perDay.path())!, 'utf8')).toContain('2030-03-11;Hele dag;');

  await expectNoSeriousA11yViolations(page, 'the statistics page');
  await screenshots(page, 'statistics');

  // The suggestion for Balie 1 in the morning says how it came to it, and one click applies it.
  const suggestions = page.getByRole('region', { name: 'Voorgesteld aandeel voor inloop' });
  const row = suggestions.getByRole('row', { name: /Balie 1 Ochtend/ });
  await expect(row).toContainText(/Gemiddeld [\d,]+ inlopers .* niet verschenen .* in de ochtend/);
  const apply = row.getByRole('button', { name: /toepassen op Balie 1, Ochtend/ });
  await apply.click();
  await expect(page.getByText(/Balie 1, Ochtend: \d+ % voor inloop ingesteld\./)).toBeVisible();
  await expect(row.getByRole('button', { name: /Balie 1, Ochtend/ })).toHaveText('Al ingesteld');

  // Narrowed to one desk, last week.
  await page.getByRole('button', { name: 'Vorige week' }).click();
  await page.getByLabel('Balie', { exact: true }).selectOption({ label: 'Balie 2' });
  await expect(page.getByRole('status').filter({ hasText: /^Van / })).toContainText(
    'Van 4-3-2030 tot en met 10-3-2030',
  );
  await expect(suggestions.getByRole('row', { name: /Balie 1/ })).toHaveCount(0);
  await expect(suggestions.getByRole('row', { name: /Balie 2 Ochtend/ })).toBeVisible();
});
