import { stringify } from 'csv-stringify/sync';

/**
 * A cell that a spreadsheet would read as a formula (= + - @, or a tab/CR that some programs strip
 * first) gets a leading apostrophe (DESIGN §6, OWASP CSV injection).
 */
export function neutraliseCell(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/**
 * A CSV for spreadsheet programs as Dutch offices have them (DESIGN §4 *Exports*): UTF-8 with BOM,
 * `;`-separated, every cell neutralised. The first record is the header.
 */
export function spreadsheetCsv(records: string[][]): string {
  return `\uFEFF${stringify(
    records.map((r) => r.map(neutraliseCell)),
    { delimiter: ';' },
  )}`;
}
