/** `npm run bench:statistics [-- --smoke]`: the statistics scenario alone (bench/src/statistics.ts). */
import { printTable } from './report.js';
import { SETTINGS } from './settings.js';
import { statisticsOn, statisticsRow } from './statistics.js';

const log = (message: string) => console.log(`[bench ${new Date().toISOString().slice(11, 19)}] ${message}`);

async function main() {
  const rows = [];
  for (const kind of ['postgres', 'pglite'] as const) {
    if (SETTINGS.only && SETTINGS.only !== kind) continue;
    rows.push(statisticsRow(await statisticsOn(kind, log)));
  }
  printTable(rows);
  if (SETTINGS.smoke) console.log('\nSmoke run: small data set, short runs; the figures judge nothing.');
  process.exitCode = rows.some((r) => r.pass === false) ? 1 : 0;
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(2);
});
