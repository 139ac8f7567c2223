// Gzipped JavaScript that the public booking page /new needs before the first interaction (DESIGN §10),
// computed from the Vite manifest of `vite build` (build.manifest is on): the entry script of index.html,
// every chunk it imports statically (what Vite modulepreloads), plus the lazy chunks the router renders
// on /new without a click and their static imports. Usage: `node scripts/measure-first-load.mjs [--json]`.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const TARGET_BYTES = 170 * 1024;
const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));

// The lazy modules /new renders on first paint; each is optional so the script keeps working whether a
// module is its own chunk or sits inside a bigger one.
const FIRST_PAINT_LAZY = [
  'src/app/layouts/PublicLayout.tsx',
  'src/features/booking/routes/NewAppointmentPage.tsx',
  'src/features/booking/components/ReservationBanner.tsx',
];

const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
if (!entryKey) throw new Error('the manifest has no entry; was the build made with build.manifest: true?');

const needed = new Map(); // file -> why
function walk(key, why) {
  const chunk = manifest[key];
  if (!chunk || needed.has(chunk.file)) return;
  needed.set(chunk.file, why);
  for (const imported of chunk.imports ?? []) walk(imported, why);
}
walk(entryKey, 'entry');
for (const key of FIRST_PAINT_LAZY)
  walk(
    key,
    key
      .split('/')
      .pop()
      .replace(/\.tsx?$/, ''),
  );

const rows = [...needed].map(([file, why]) => {
  const body = readFileSync(join(dist, file));
  return { file, why, raw: body.length, gzip: gzipSync(body, { level: 6 }).length };
});
rows.sort((a, b) => b.gzip - a.gzip);
const total = rows.reduce((sum, row) => sum + row.gzip, 0);

if (process.argv.includes('--json')) {
  console.log(JSON.stringify({ total, target: TARGET_BYTES, chunks: rows }, null, 2));
} else {
  const kb = (n) => (n / 1024).toFixed(1).padStart(7);
  console.log(`${'chunk'.padEnd(48)} ${'raw KB'.padStart(7)} ${'gz KB'.padStart(7)}  needed by`);
  for (const row of rows) console.log(`${row.file.padEnd(48)} ${kb(row.raw)} ${kb(row.gzip)}  ${row.why}`);
  console.log(`${'total'.padEnd(48)} ${kb(rows.reduce((s, r) => s + r.raw, 0))} ${kb(total)}`);
  console.log(`target ≤ ${TARGET_BYTES / 1024} KB gzipped: ${total <= TARGET_BYTES ? 'met' : 'NOT met'}`);
}
process.exitCode = total <= TARGET_BYTES ? 0 : 1;
