import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Backup, BackupList } from '@balie/shared';
import { recordAudit } from '../../audit/audit.js';
import { listBackups } from '../../backups/files.js';
import { makeBackup, type MadeBackup } from '../../backups/make-backup.js';
import { backupDue, lastScheduledMoment } from '../../backups/schedule.js';
import { httpError } from '../../http/errors.js';

/** `GET /backups`: the files in the backup folder, newest first (none on PostgreSQL). */
export async function backupList(app: FastifyInstance): Promise<BackupList> {
  const { config } = app;
  const embedded = app.database.kind === 'pglite';
  return {
    database: app.database.kind,
    keep: config.backupKeep,
    at: config.backupAt,
    timezone: config.providerTimezone,
    backups: embedded ? await listBackups(config.backupDir) : [],
  };
}

/**
 * Makes a backup now and records who asked (an admin, or the nightly job with no actor). On PostgreSQL
 * 409 `backups_not_embedded`: the request is understood, but this installation's backups are the
 * database's own (decision 0471).
 */
export async function backupNow(
  app: FastifyInstance,
  request: FastifyRequest | null,
  now: Date = new Date(),
  signal?: AbortSignal,
): Promise<MadeBackup> {
  if (app.database.kind !== 'pglite') throw httpError('backups_not_embedded');
  const made = await makeBackup(app.database, {
    dir: app.config.backupDir,
    keep: app.config.backupKeep,
    now,
    ...(signal ? { signal } : {}),
  });
  app.log.info(
    `backup ${made.file} made (${made.size} bytes, queries paused ${made.pauseMs} ms, ` +
      `${made.contents.appointments} appointments read back; removed ${made.pruned.length} old)`,
  );
  await recordAudit(app.db, {
    actorUserId: request?.user?.id ?? null,
    ...(request ? { ip: request.ip } : {}),
    action: 'backup_created',
    details: { file: made.file, size: made.size, trigger: request ? 'admin' : 'nightly' },
  });
  return made;
}

/**
 * An admin's backups are at most one a minute: each pauses bookings for a moment and holds the database
 * twice in memory while it is read back, and a second click within the minute adds nothing (0471).
 */
export const MANUAL_BACKUP_INTERVAL_MS = 60_000;

/** POST /backups: 429 when the newest backup is younger than a minute, else one now. */
export async function requestedBackup(app: FastifyInstance, request: FastifyRequest): Promise<MadeBackup> {
  if (app.database.kind !== 'pglite') throw httpError('backups_not_embedded');
  const now = Date.now();
  const newest = (await listBackups(app.config.backupDir))[0];
  if (newest && now - Date.parse(newest.createdAt) < MANUAL_BACKUP_INTERVAL_MS)
    throw httpError('too_many_requests', 'A backup was made less than a minute ago');
  return backupNow(app, request, new Date(now));
}

/**
 * The nightly job's run: a backup when none was made since the last BACKUP_AT (decision 0473). A data
 * folder without any backup yet (a new installation, every browser test's server) gets its first at the
 * first BACKUP_AT after `firstAfter` (the process's start), not the moment it starts: a backup holds the
 * embedded database for seconds, and a server that just started is where the first visitors arrive.
 */
export async function nightlyBackup(
  app: FastifyInstance,
  now: number,
  signal?: AbortSignal,
  firstAfter?: number,
): Promise<Backup | null> {
  const newest = (await listBackups(app.config.backupDir))[0];
  const zone = app.config.providerTimezone;
  if (!newest && firstAfter !== undefined && lastScheduledMoment(now, app.config.backupAt, zone) < firstAfter)
    return null;
  if (!backupDue(newest?.createdAt, now, app.config.backupAt, zone)) return null;
  return backupNow(app, null, new Date(now), signal);
}

/** The public part of a made backup (DESIGN §5: `{ file, size, createdAt }`). */
export function presentBackup(made: Backup): Backup {
  return { file: made.file, size: made.size, createdAt: made.createdAt };
}
