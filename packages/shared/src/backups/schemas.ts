import { z } from 'zod';

/** One backup of the embedded database (DESIGN §4c, §5 `POST /backups` → 201). */
export const backupSchema = z.object({
  /** The file's name inside the backup folder (never a path: the folder is the server's business). */
  file: z.string(),
  /** Bytes on disk (gzip-compressed tar of the data folder). */
  size: z.number().int().nonnegative(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type Backup = z.infer<typeof backupSchema>;

/** `GET /backups`: newest first; on PostgreSQL always empty (its backups are the database's own). */
export const backupListSchema = z.object({
  database: z.enum(['pglite', 'postgres']),
  /** How many backups are kept (BACKUP_KEEP). */
  keep: z.number().int().positive(),
  /** The nightly backup's time of day (BACKUP_AT, HH:MM) in the provider's time zone. */
  at: z.string(),
  timezone: z.string(),
  backups: z.array(backupSchema),
});
export type BackupList = z.infer<typeof backupListSchema>;

/** The admin screen warns when the newest backup is older than this (DESIGN §4c, issue 40). */
export const BACKUP_STALE_MS = 2 * 24 * 60 * 60 * 1000;

/** Whether the admin screen should warn: no backup at all, or the newest older than two days. */
export function backupIsStale(backups: readonly Backup[], now: number): boolean {
  const newest = backups[0];
  return !newest || now - Date.parse(newest.createdAt) > BACKUP_STALE_MS;
}
