import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO_TEMPLATE_ENV, MIGRATED_TEMPLATE_ENV, freePort, runBuiltCli, spawnProduct } from './server.js';

/**
 * Playwright's global set-up: makes the two databases every server of the run starts from a copy of
 * (support/server.ts chooses), instead of each migrating and seeding again. On a loaded 2-core machine a
 * fresh start took 24 s: 8 s of migrations, 6 s of demo data, 10 s of the rest; a run starts about twenty.
 * - migrated: the migrations applied, nothing else (what the CLI's `migrate` leaves);
 * - demo: that plus the demo data, seeded by a start of the built product (on the wall clock).
 * Only databases are kept: each server still makes its own secret and mail folder.
 */
export default async function globalSetup(): Promise<() => void> {
  const dir = mkdtempSync(join(tmpdir(), 'balie-e2e-templates-'));
  const migrated = join(dir, 'migrated');
  const migration = await runBuiltCli(['migrate'], migrated);
  if (migration.code !== 0) throw new Error(`the template's migration failed:\n${migration.output}`);

  const demo = join(dir, 'demo');
  // Throws when the migration made no database, so both templates exist past this line.
  cpSync(join(migrated, 'db'), join(demo, 'db'), { recursive: true });
  const product = await spawnProduct(await freePort(), demo, {});
  await product.stop();
  // A copy of a database killed mid-write would hand its damage to every server.
  const code = await product.exited;
  if (code !== 0)
    throw new Error(`the demo template's server did not stop cleanly (exit ${code}):\n${product.output()}`);

  process.env[MIGRATED_TEMPLATE_ENV] = join(migrated, 'db');
  process.env[DEMO_TEMPLATE_ENV] = join(demo, 'db');
  return () => rmSync(dir, { recursive: true, force: true });
}
