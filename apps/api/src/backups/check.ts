import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';

/** What reading a backup back found: it opens, and holds this much. */
export interface BackupContents {
  /** Migrations applied in it (drizzle's journal). */
  migrations: number;
  appointments: number;
  users: number;
}

export class DamagedBackupError extends Error {
  override name = 'DamagedBackupError';
}

/**
 * Opens the tar of a data folder in a fresh PGlite in memory and counts rows: a backup is only called
 * made (and only restored) when PostgreSQL starts on it and its tables answer (decision 0470). Costs
 * the database's size in memory for a moment, which the process holding it already has to spare.
 */
export async function checkBackupTar(tar: Uint8Array): Promise<BackupContents> {
  // PGlite given something that is no tar fails with a rejection it does not hand back (seen: zlib's
  // "incorrect header check" left unhandled), so the format is checked here first.
  if (!isTar(tar)) throw new DamagedBackupError('not a tar archive of a data folder');
  let pg: PGlite | undefined;
  try {
    pg = await PGlite.create('memory://', {
      extensions: { btree_gist },
      loadDataDir: new Blob([tar]),
    });
    const count = async (query: string) =>
      Number((await pg!.query<{ n: number | string }>(query)).rows[0]?.n ?? 0);
    return {
      migrations: await count('SELECT count(*) AS n FROM drizzle.__drizzle_migrations'),
      appointments: await count('SELECT count(*) AS n FROM appointments'),
      users: await count('SELECT count(*) AS n FROM users'),
    };
  } catch (err) {
    throw new DamagedBackupError(`not a readable Balie database: ${(err as Error).message}`);
  } finally {
    if (pg && !pg.closed) await pg.close().catch(() => undefined);
  }
}

/** A POSIX tar starts with a header block whose magic at offset 257 is "ustar". */
function isTar(bytes: Uint8Array): boolean {
  return bytes.length >= 512 && Buffer.from(bytes.subarray(257, 262)).toString('latin1') === 'ustar';
}
