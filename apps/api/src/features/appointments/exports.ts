import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import { DateTime } from 'luxon';
import { addressOf, type UiLanguage } from '@balie/shared';
import type { Config } from '../../config.js';
import { spreadsheetCsv } from '../../http/csv.js';
import { fill, longDate } from '../../mail/i18n.js';
import { appointmentTexts } from './mail-templates/texts.js';
import type { AppointmentView } from './repository.js';

export { neutraliseCell } from '../../http/csv.js';

/** One appointment of the exports: where it is, when, and the cells after the location and the desk. */
interface ExportRow {
  location: AppointmentView['desk']['location'];
  desk: { id: number; name: string };
  /** Start and end, HH:mm in the provider's zone. */
  times: [string, string];
  /** Name, e-mail, phone, products, status, check-in code. */
  cells: string[];
}

function rowsOf(views: AppointmentView[], config: Config, language: UiLanguage): ExportRow[] {
  const t = appointmentTexts(language).exports;
  const zone = config.providerTimezone;
  const time = (d: Date) => DateTime.fromJSDate(d, { zone }).toFormat('HH:mm');
  return views.map(({ row, desk, items }) => ({
    location: desk.location,
    desk: { id: desk.id, name: desk.name },
    times: [time(row.during.from), time(row.during.until)],
    cells: [
      [row.initials, row.suffix, row.lastName].filter(Boolean).join(' '),
      row.email ?? '',
      row.phone ?? '',
      items.map((i) => `${i.amount} x ${i.product.title}`).join(', '),
      row.status === 'reserved' ? '' : t.statuses[row.status],
      row.checkInCode ?? '',
    ],
  }));
}

/** The columns after the location and the desk. */
function cellColumns(language: UiLanguage): string[] {
  const c = appointmentTexts(language).exports.columns;
  return [c.name, c.email, c.phone, c.products, c.status, c.checkInCode];
}

function header(language: UiLanguage): string[] {
  const c = appointmentTexts(language).exports.columns;
  return [c.time, c.until, c.location, c.desk, ...cellColumns(language)];
}

/** afspraken.csv: semicolon-separated (what Dutch spreadsheet programs expect), UTF-8 with BOM. */
export function todayCsv(views: AppointmentView[], config: Config, language: UiLanguage): string {
  const t = appointmentTexts(language).exports;
  // The last column: who said "Ik kom" in a reminder (DESIGN §4c); the PDF's columns stay as they are.
  const rows = rowsOf(views, config, language).map((r, i) => [
    ...r.times,
    r.location.name,
    r.desk.name,
    ...r.cells,
    views[i]!.row.visitorConfirmedAt ? t.visitorConfirmedYes : '',
  ]);
  return spreadsheetCsv([[...header(language), t.columns.visitorConfirmed], ...rows]);
}

/**
 * The embedded font of afspraken.pdf: DejaVu Sans (free licence) covers Latin Extended (Polish,
 * Turkish, Vietnamese), Greek, Cyrillic and Arabic; pdfkit's built-in fonts stop at Latin-1. Loaded from
 * node_modules, so the built server finds it wherever the package is installed (decision 0171).
 */
const require = createRequire(import.meta.url);
export const PDF_FONTS = {
  regular: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf'),
  bold: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf'),
};
export type PdfFonts = typeof PDF_FONTS;

/**
 * Column widths (pt) of the per-desk tables, landscape A4 less margins: the CSV's columns minus the
 * location and the desk, which head each group.
 */
const WIDTHS = [40, 40, 150, 150, 90, 180, 70, 70];

/**
 * afspraken.pdf: today's date in the provider's zone as the title, then per location (by name; its name
 * and address as the heading) per desk (by name) a table of its appointments in time order. The whole file is built in memory first, so a failure never sends half a
 * PDF: the caller gets a rejected promise and answers with a JSON error.
 */
export function todayPdf(
  views: AppointmentView[],
  config: Config,
  language: UiLanguage,
  date: string,
  fonts: PdfFonts = PDF_FONTS,
): Promise<Buffer> {
  const t = appointmentTexts(language).exports;
  const zone = config.providerTimezone;
  const day = longDate(DateTime.fromISO(date, { zone }).toJSDate(), language, zone);
  const title = fill(t.title, { date: day });
  return new Promise<Buffer>((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A4', layout: 'landscape', margin: 36, info: { Title: title } });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    try {
      doc.registerFont('regular', fonts.regular);
      doc.registerFont('bold', fonts.bold);
      const bottom = () => doc.page.height - doc.page.margins.bottom;
      const line = (cells: string[], bold = false) => {
        doc.font(bold ? 'bold' : 'regular').fontSize(9);
        const height = Math.max(
          ...cells.map((cell, i) => doc.heightOfString(cell || ' ', { width: WIDTHS[i]! - 4 })),
        );
        if (doc.y + height > bottom()) doc.addPage();
        const y = doc.y;
        let x = doc.page.margins.left;
        cells.forEach((cell, i) => {
          doc.text(cell, x, y, { width: WIDTHS[i]! - 4 });
          x += WIDTHS[i]!;
        });
        doc.x = doc.page.margins.left;
        doc.y = y + height + 4;
      };
      doc.font('bold').fontSize(14).text(title);
      doc.moveDown();
      const rows = rowsOf(views, config, language);
      if (rows.length === 0) doc.font('regular').fontSize(10).text(t.empty);
      const columns = [t.columns.time, t.columns.until, ...cellColumns(language)];
      const locationGroups = groupedBy(rows, (r) => r.location.id).sort(
        ([a], [b]) => a!.location.name.localeCompare(b!.location.name) || a!.location.id - b!.location.id,
      );
      for (const locationRows of locationGroups) {
        const { location } = locationRows[0]!;
        const address = addressOf(location);
        // Room for the heading, a desk's heading and a few rows; otherwise the group starts a page.
        if (doc.y + 90 > bottom()) doc.addPage();
        doc.font('bold').fontSize(13).text(location.name, doc.page.margins.left);
        if (address) doc.font('regular').fontSize(9).text(address, doc.page.margins.left);
        doc.moveDown(0.5);
        const deskGroups = groupedBy(locationRows, (r) => r.desk.id).sort(
          ([a], [b]) => a!.desk.name.localeCompare(b!.desk.name) || a!.desk.id - b!.desk.id,
        );
        for (const deskRows of deskGroups) {
          if (doc.y + 60 > bottom()) doc.addPage();
          doc.font('bold').fontSize(11).text(deskRows[0]!.desk.name, doc.page.margins.left);
          doc.moveDown(0.3);
          line(columns, true);
          deskRows.forEach((r) => line([...r.times, ...r.cells]));
          doc.moveDown();
        }
      }
      doc.end();
    } catch (err) {
      reject(err instanceof Error ? err : new Error(String(err)));
    }
  });
}

/** Rows grouped by a key, in the order each key first comes; each group keeps the rows' time order. */
function groupedBy(rows: ExportRow[], key: (r: ExportRow) => number): ExportRow[][] {
  const groups = new Map<number, ExportRow[]>();
  for (const r of rows) groups.set(key(r), [...(groups.get(key(r)) ?? []), r]);
  return [...groups.values()];
}
