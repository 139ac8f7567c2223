import { saveFile } from '../../../lib/saveFile';

/** A cell a spreadsheet would read as a formula gets a leading apostrophe (DESIGN §6). */
const neutralise = (cell: string) => (/^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell);
const quote = (cell: string) => (/[;"\r\n]/.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell);

/**
 * The figures of one chart as a CSV for Dutch spreadsheet programs (UTF-8 with BOM, `;`-separated, as
 * the exports of DESIGN §4): the header, then one line per row. Numbers are written with a decimal comma
 * in Dutch, a point otherwise (what the spreadsheet of that language reads as a number).
 */
export function toCsv(
  header: string[],
  rows: Array<Array<string | number | null>>,
  language: string,
): string {
  const cell = (v: string | number | null) =>
    v === null
      ? ''
      : typeof v === 'number'
        ? language === 'nl' || language === 'de'
          ? String(v).replace('.', ',')
          : String(v)
        : v;
  const lines = [header, ...rows.map((r) => r.map(cell))].map((r) =>
    r.map((c) => quote(neutralise(c))).join(';'),
  );
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

export function downloadCsv(fileName: string, csv: string): void {
  saveFile(fileName, new Blob([csv], { type: 'text/csv;charset=utf-8' }));
}
