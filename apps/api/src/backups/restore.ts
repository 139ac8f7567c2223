import { existsSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Config } from '../config.js';
import { openDatabase, pgliteLock, queryRows } from '../db/client.js';
import { migrateDatabase, MIGRATIONS_FOLDER } from '../db/migrate.js';
import { checkBackupTar, DamagedBackupError, type BackupContents } from './check.js';
import { readBackupTar } from './files.js';

export class RestoreRefused extends Error {
  override name = 'RestoreRefused';
}

export interface Restored {
  file: string;
  /** Where the database it replaced now is; null when there was none. */
  keptAside: string | null;
  contents: BackupContents;
  /** Migrations applied after the restore: the backup came from an older version. */
  migrated: number;
}

/**
 * `cli restore FILE` (DESIGN §4c): while no server runs (the data folder's lock), check the backup by
 * opening it in memory, move the current database aside (`db.replaced-<moment>`), restore, migrate.
 * A damaged file is refused before anything is touched; a restore that fails half-way puts the old
 * database back (decision 0476).
 */
export async function restoreBackup(config: Config, given: string, now: Date): Promise<Restored> {
  if (config.databaseUrl)
    throw new RestoreRefused(
      'DATABASE_URL is set: restore is for the embedded database. PostgreSQL restores with its own tools (pg_restore, PITR).',
    );
  const file = findBackup(given, config.backupDir);
  const dbDir = path.join(config.dataDir, 'db');
  // Held from the check to the end: a server started meanwhile is refused instead of opening half a restore.
  const lock = pgliteLock(dbDir, { what: 'the command "restore"' })!;
  try {
    let tar: Buffer;
    let contents: BackupContents;
    try {
      tar = await readBackupTar(file);
      contents = await checkBackupTar(tar);
    } catch (err) {
      const why = err instanceof DamagedBackupError ? err.message : 'not a gzip-compressed backup';
      throw new RestoreRefused(`${file} is damaged (${why}); the current database was not touched.`);
    }
    if (contents.migrations > journalLength())
      throw new RestoreRefused(
        `${file} comes from a newer version of Balie (${contents.migrations} migrations, this one knows ${journalLength()}); ` +
          'install that version first. The current database was not touched.',
      );
    const keptAside = existsSync(dbDir)
      ? `${dbDir}.replaced-${now.toISOString().replace(/[:.]/g, '-')}`
      : null;
    if (keptAside) renameSync(dbDir, keptAside);
    try {
      const database = await openDatabase(config, {
        pgliteLoadDataDir: new Blob([tar]),
        heldLock: { tookOverFrom: undefined, release: () => undefined },
      });
      try {
        await migrateDatabase(database);
        const [after] = await queryRows<{ n: number }>(
          database.db,
          sql`SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations`,
        );
        return { file, keptAside, contents, migrated: Number(after?.n ?? 0) - contents.migrations };
      } finally {
        await database.close();
      }
    } catch (err) {
      // Back to where it was: the replaced database in its place, the half restore gone.
      rmSync(dbDir, { recursive: true, force: true });
      if (keptAside) renameSync(keptAside, dbDir);
      throw err;
    }
  } finally {
    lock.release();
  }
}

/** FILE as given, or a backup's name in the backup folder (what the Systeem screen shows). */
function findBackup(given: string, backupDir: string): string {
  for (const candidate of [path.resolve(given), path.join(backupDir, given)]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  const names = existsSync(backupDir) ? readdirSync(backupDir).filter((f) => f.endsWith('.tar.gz')) : [];
  throw new RestoreRefused(
    `No backup file ${given}.` + (names.length ? ` Backups in ${backupDir}: ${names.sort().join(', ')}` : ''),
  );
}

/** How many migrations this version ships. */
function journalLength(): number {
  const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as {
    entries: unknown[];
  };
  return journal.entries.length;
}
