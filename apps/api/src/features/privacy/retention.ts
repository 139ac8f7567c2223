import { setImmediate } from 'node:timers/promises';
import { recordAudit } from '../../audit/audit.js';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { deleteFiles, deleteMailFilesBefore, listMailFiles } from '../../mail/mail-files.js';
import { getOrganisation } from '../organisation/repository.js';
import {
  claimExpiredAppointments,
  deleteExpiredTokens,
  deleteExpiredWaitlistPlaces,
  deleteFinishedMails,
  deleteStaleRateLimitHits,
  eraseAppointments,
  heldAppointmentIds,
  orphanedAuditSubjects,
  scrubAuditEvents,
  tryHousekeepingLock,
} from './repository.js';

const DAY_MS = 24 * 60 * 60_000;
/** Appointments erased per transaction: short transactions, whatever the backlog. */
export const RETENTION_BATCH = 500;
/** Audit subjects of deleted appointments or accounts scrubbed per run (the next run takes the rest). */
const ORPHAN_BATCH = 1000;

export interface RetentionResult {
  /** Appointments whose personal data this run erased. */
  appointments: number;
  /** Audit events scrubbed (of those appointments, and of deleted appointments and accounts). */
  auditEvents: number;
  /** Outbox rows deleted: sent ones and dead ones. */
  mails: number;
  /** Expired password-reset and refresh tokens deleted, and rate-limit hits outside every window. */
  tokens: number;
  /**
   * Mail files (.eml, the file transport's mails) deleted from DATA_DIR/mail: older than the period, or
   * about an appointment whose personal data is gone.
   */
  mailFiles: number;
}

/** The moment before which personal data is due: `retentionDays` before `now`. */
export function retentionCutoff(now: Date, retentionDays: number): Date {
  return new Date(now.getTime() - retentionDays * DAY_MS);
}

/**
 * The retention job (DESIGN §4b, decision 0370): erases the personal data of every appointment that
 * ended (or was cancelled) more than `retentionDays` ago, with its audit values and queued mails; scrubs
 * the audit values of deleted appointments and accounts past the period; deletes sent and dead mails,
 * expired tokens, spent rate-limit hits, and the mail files of erased appointments or older than the
 * period (decision 0420). Every API process runs it hourly and at start, at the same time if it happens
 * so: appointments are claimed `FOR UPDATE SKIP LOCKED` in batches
 * (each erased once, by whichever process claimed it), the rest runs under a transaction-level advisory
 * lock that a second process skips. Each batch records its own audit event (system actor, counts only).
 */
export async function runRetention(
  db: Db,
  config: Config,
  now = new Date(),
  /** Aborted when the server closes: the run stops after the batch it is in (the next run goes on). */
  signal?: AbortSignal,
): Promise<RetentionResult> {
  const { retentionDays } = await getOrganisation(db);
  const cutoff = retentionCutoff(now, retentionDays);
  const result: RetentionResult = { appointments: 0, auditEvents: 0, mails: 0, tokens: 0, mailFiles: 0 };

  for (;;) {
    // A turn of the event loop before each batch: on PGlite the queries run on this thread and resolve
    // without one, so a backlog of batches would keep the server from listening or answering until the
    // last (a year's backlog: 90 s). Between batches it now answers, and sees a close.
    await setImmediate();
    if (signal?.aborted) return result;
    const batch = await db.transaction(async (tx) => {
      const ids = await claimExpiredAppointments(tx, cutoff, RETENTION_BATCH);
      if (ids.length === 0) return { erased: 0, events: 0 };
      const events = await eraseAppointments(tx, ids, now);
      await recordAudit(tx, {
        actorUserId: null,
        action: 'personal_data_expired',
        details: { appointments: ids.length, auditEvents: events, retentionDays },
      });
      return { erased: ids.length, events };
    });
    result.appointments += batch.erased;
    result.auditEvents += batch.events;
    if (batch.erased < RETENTION_BATCH) break;
  }

  await db.transaction(async (tx) => {
    if (!(await tryHousekeepingLock(tx))) return;
    for (const type of ['appointment', 'user'] as const) {
      const subjects = await orphanedAuditSubjects(tx, type, cutoff, ORPHAN_BATCH);
      result.auditEvents += await scrubAuditEvents(tx, type, subjects);
    }
    result.mails = await deleteFinishedMails(tx, cutoff);
    // Waitlist places that ended before the period (decision 0465), with their offers.
    await deleteExpiredWaitlistPlaces(tx, cutoff);
    result.tokens = (await deleteExpiredTokens(tx, now)) + (await deleteStaleRateLimitHits(tx));
  });

  result.mailFiles = await deleteMailFiles(db, config, cutoff);
  return result;
}

/**
 * The file transport's mails (DATA_DIR/mail/*.eml, decision 0420) of this process's DATA_DIR: those about
 * an appointment whose personal data is gone (erased by this run, an earlier one, another process or an
 * erasure on request — its own cancellation mails are written after it — or deleted), whatever their age,
 * and every one older than the period. Read from what is committed: a rolled-back erasure keeps its files.
 * Kept even when SMTP_URL is set now: files written before it was set go by the same rules.
 */
async function deleteMailFiles(db: Db, config: Config, cutoff: Date): Promise<number> {
  const old = await deleteMailFilesBefore(config, cutoff);
  const about = (await listMailFiles(config)).filter(
    (f): f is typeof f & { appointmentId: number } =>
      f.appointmentId !== undefined && f.appointmentId <= 2 ** 31 - 1,
  );
  const held = await heldAppointmentIds(db, [...new Set(about.map((f) => f.appointmentId))]);
  return old + (await deleteFiles(about.filter((f) => !held.has(f.appointmentId)).map((f) => f.file)));
}
