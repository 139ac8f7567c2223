import PDFDocument from 'pdfkit';
import { stringify } from 'csv-stringify/sync';
import { DateTime } from 'luxon';
import type { UiLanguage } from '@balie/shared';
import type { Config } from '../../config.js';
import { fill } from '../../mail/i18n.js';
import { appointmentTexts } from './mail-templates/texts.js';
import type { AppointmentView } from './repository.js';

/**
 * A cell that a spreadsheet would read as a formula (= + - @, or a tab/CR that some programs strip
 * first) gets a leading apostrophe (DESIGN §6, OWASP CSV injection).
 */
export function neutraliseCell(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

function rowsOf(views: AppointmentView[], config: Config, language: UiLanguage): string[][] {
  const t = appointmentTexts(language).exports;
  const zone = config.providerTimezone;
  const time = (d: Date) => DateTime.fromJSDate(d, { zone }).toFormat('HH:mm');
  return views.map(({ row, desk, items }) => [
    time(row.during.from),
    time(row.during.until),
    desk.name,
    [row.initials, row.suffix, row.lastName].filter(Boolean).join(' '),
    row.email ?? '',
    row.phone ?? '',
    items.map((i) => `${i.amount} x ${i.product.title}`).join(', '),
    row.status === 'reserved' ? '' : t.statuses[row.status],
    String(row.id),
  ]);
}

function header(language: UiLanguage): string[] {
  const c = appointmentTexts(language).exports.columns;
  return [c.time, c.until, c.desk, c.name, c.email, c.phone, c.products, c.status, c.reference];
}

/** afspraken.csv: semicolon-separated (what Dutch spreadsheet programs expect), UTF-8 with BOM. */
export function todayCsv(views: AppointmentView[], config: Config, language: UiLanguage): string {
  const records = [header(language), ...rowsOf(views, config, language)].map((r) => r.map(neutraliseCell));
  return `\uFEFF${stringify(records, { delimiter: ';' })}`;
}

/** afspraken.pdf: a landscape A4 list with the same columns as the CSV. */
export function todayPdf(
  views: AppointmentView[],
  config: Config,
  language: UiLanguage,
  date: string,
): Promise<Buffer> {
  const t = appointmentTexts(language).exports;
  const doc = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    margin: 36,
    info: { Title: fill(t.title, { date }) },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const widths = [40, 40, 70, 120, 140, 80, 170, 60, 40];
  const line = (cells: string[], bold = false) => {
    const y = doc.y;
    let x = doc.page.margins.left;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(9);
    let height = 0;
    cells.forEach((cell, i) => {
      doc.text(cell, x, y, { width: widths[i]! - 4 });
      height = Math.max(height, doc.y - y);
      x += widths[i]!;
    });
    doc.x = doc.page.margins.left;
    doc.y = y + height + 4;
    if (doc.y > doc.page.height - doc.page.margins.bottom - 30) doc.addPage();
  };
  doc.font('Helvetica-Bold').fontSize(14).text(fill(t.title, { date }));
  doc.moveDown();
  line(header(language), true);
  const rows = rowsOf(views, config, language);
  if (rows.length === 0) doc.font('Helvetica').fontSize(10).text(t.empty);
  rows.forEach((r) => line(r));
  doc.end();
  return done;
}
