import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';

/**
 * An empty PostgreSQL cluster as PGlite's initdb leaves it, made by the build (decision 0281). PGlite
 * runs initdb in two more WebAssembly instances beside the one it keeps, so the first start on a new
 * data directory peaked at ≈ 680 MB resident (≈ 180 MB on every later start); starting from this dump
 * skips initdb. Beside the built code (dist/), so `tsx`/Vitest runs from src/ find none and run initdb.
 */
export const PGLITE_TEMPLATE = fileURLToPath(new URL('../pglite-template.tar.gz', import.meta.url));

/** The template for a data directory that holds no cluster yet; undefined when there is nothing to load. */
export async function templateFor(dataDir: string, file = PGLITE_TEMPLATE): Promise<Blob | undefined> {
  if (dataDir.startsWith('memory://') || existsSync(path.join(dataDir, 'PG_VERSION'))) return undefined;
  if (!existsSync(file)) return undefined;
  return new Blob([await readFile(file)]);
}

/** Runs initdb once, in memory, and writes the result where `templateFor` looks. */
export async function writePgliteTemplate(file = PGLITE_TEMPLATE): Promise<void> {
  const pglite = await PGlite.create();
  try {
    const dump = await pglite.dumpDataDir('gzip');
    await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  } finally {
    await pglite.close();
  }
}
