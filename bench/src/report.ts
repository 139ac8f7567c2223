import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export interface Row {
  what: string;
  measured: string;
  target: string;
  /** null: reported for information, no target of DESIGN §10 applies. */
  pass: boolean | null;
}

const RESULTS = fileURLToPath(new URL('../results/', import.meta.url));

export function printTable(rows: Row[]): void {
  const head: Row = { what: 'what', measured: 'measured', target: 'target (DESIGN §10)', pass: null };
  const verdict = (r: Row) => (r === head ? 'result' : r.pass === null ? 'info' : r.pass ? 'PASS' : 'FAIL');
  const widths = [
    Math.max(...[head, ...rows].map((r) => r.what.length)),
    Math.max(...[head, ...rows].map((r) => r.measured.length)),
    Math.max(...[head, ...rows].map((r) => r.target.length)),
  ];
  const line = (r: Row) =>
    `| ${r.what.padEnd(widths[0]!)} | ${r.measured.padEnd(widths[1]!)} | ${r.target.padEnd(widths[2]!)} | ${verdict(r).padEnd(6)} |`;
  console.log(line(head));
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|--------|`);
  for (const r of rows) console.log(line(r));
}

/** A file in bench/results/ (created when missing). */
export function resultsFile(name: string): string {
  mkdirSync(RESULTS, { recursive: true });
  return `${RESULTS}${name}`;
}

export function writeResults(results: unknown, name: string): string {
  const file = resultsFile(name);
  writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`);
  return file;
}
