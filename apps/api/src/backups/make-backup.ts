import path from 'node:path';
import { rm } from 'node:fs/promises';
import type { Backup } from '@balie/shared';
import type { Database } from '../db/client.js';
import { checkBackupTar, type BackupContents } from './check.js';
import { backupName, pruneBackups, readBackupTar, writeBackupFile } from './files.js';

export interface MadeBackup extends Backup {
  /** How long queries waited: the dump runs while PGlite takes no other query. */
  pauseMs: number;
  /** What reading the file back found. */
  contents: BackupContents;
  /** Older backups removed to keep `keep`. */
  pruned: string[];
}

export class NotEmbeddedError extends Error {
  override name = 'NotEmbeddedError';
}

/** One backup at a time per database: the nightly run and an admin's click never write side by side. */
const running = new WeakMap<Database, Promise<unknown>>();

/**
 * Writes a consistent backup of the embedded database to `dir` and keeps the newest `keep` (DESIGN §4c).
 * PGlite dumps its data folder between two queries, so the copy is what a crash at that moment would
 * leave: committed transactions and the WAL that makes them whole, which PostgreSQL replays when the
 * backup is opened (decision 0470). Gzip runs after the dump, off the database's turn.
 */
export async function makeBackup(
  database: Database,
  options: { dir: string; keep: number; now: Date; signal?: AbortSignal },
): Promise<MadeBackup> {
  if (database.kind !== 'pglite') throw new NotEmbeddedError('PostgreSQL is backed up with its own tools');
  const previous = running.get(database) ?? Promise.resolve();
  const mine = previous.catch(() => undefined).then(() => makeOne(database.client, options));
  running.set(database, mine);
  return mine;
}

async function makeOne(
  client: Extract<Database, { kind: 'pglite' }>['client'],
  options: { dir: string; keep: number; now: Date; signal?: AbortSignal },
): Promise<MadeBackup> {
  // A shutdown (SIGTERM) abandons the backup between its steps: it must exit within 10 s, and reading
  // a large backup back takes longer. The next start makes the nightly one again (it is still due).
  const abandon = () => options.signal?.throwIfAborted();
  abandon();
  const file = backupName(options.now);
  const started = performance.now();
  const dump = await client.dumpDataDir('none');
  const pauseMs = Math.round(performance.now() - started);
  abandon();
  const size = await writeBackupFile(options.dir, file, new Uint8Array(await dump.arrayBuffer()));
  const full = path.join(options.dir, file);
  let contents: BackupContents;
  try {
    abandon();
    // Read back from the disk, not from memory: this is the file a restore will get.
    contents = await checkBackupTar(await readBackupTar(full));
    abandon();
  } catch (err) {
    await rm(full, { force: true });
    throw err;
  }
  const pruned = await pruneBackups(options.dir, options.keep);
  return { file, size, createdAt: options.now.toISOString(), pauseMs, contents, pruned };
}
