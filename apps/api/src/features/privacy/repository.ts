import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/client.js';
import { RATE_LIMITS } from '../../security/rate-limit.js';
import { APPOINTMENT_PERSONAL_DATA, AUDITED_PERSONAL_FIELDS, SCRUBBED_MARK } from './personal-data.js';

/** A PostgreSQL array parameter (one bound value, not a list): ids or plain keys. */
const intArray = (ids: readonly number[]): SQL => sql`${`{${ids.join(',')}}`}::int[]`;
const textArray = (values: readonly string[]): SQL =>
  sql`${`{${values.map((v) => `"${v.replace(/["\\]/g, '\\$&')}"`).join(',')}}`}::text[]`;

/**
 * The appointments whose personal data is due (DESIGN §4b): ended before `cutoff`, cancelled before it
 * (counted from the cancellation), or a hold that ran out before it; at most `limit`, locked. Rows another
 * process has locked are skipped: it erases them, so two processes at once never take the same row.
 */
export async function claimExpiredAppointments(db: DbOrTx, cutoff: Date, limit: number): Promise<number[]> {
  const at = cutoff.toISOString();
  const rows = await queryRows<{ id: number }>(
    db,
    sql`SELECT id FROM appointments
         WHERE erased_at IS NULL
           AND CASE status
                 WHEN 'cancelled' THEN coalesce(cancelled_at, upper(during)) < ${at}::timestamptz
                 WHEN 'reserved' THEN valid_till < ${at}::timestamptz
                 ELSE upper(during) < ${at}::timestamptz
               END
         ORDER BY id
         LIMIT ${limit}
         FOR UPDATE SKIP LOCKED`,
  );
  return rows.map((r) => r.id);
}

/**
 * Scrubs the audit events about `subjectIds` of `subjectType`: the personal fields of `changes` keep
 * their key (the history still says the name was changed) with null before and after, the client
 * address goes, and the event is marked so no later run touches it again. Returns how many changed.
 */
export async function scrubAuditEvents(
  db: DbOrTx,
  subjectType: keyof typeof AUDITED_PERSONAL_FIELDS,
  subjectIds: readonly (number | string)[],
): Promise<number> {
  if (subjectIds.length === 0) return 0;
  const keys = textArray(AUDITED_PERSONAL_FIELDS[subjectType] ?? []);
  const rows = await queryRows<{ id: number }>(
    db,
    sql`UPDATE audit_events SET
          ip = NULL,
          details = CASE
            WHEN jsonb_typeof(details -> 'changes') = 'object' THEN jsonb_set(details, '{changes}', coalesce(
              (SELECT jsonb_object_agg(k, CASE WHEN k = ANY(${keys}) THEN '{"before":null,"after":null}'::jsonb ELSE v END)
                 FROM jsonb_each(details -> 'changes') AS e(k, v)), '{}'::jsonb))
            ELSE coalesce(details, '{}'::jsonb)
          END || jsonb_build_object(${SCRUBBED_MARK}::text, true)
        WHERE subject_type = ${subjectType}
          AND subject_id = ANY(${textArray(subjectIds.map(String))})
        RETURNING id`,
  );
  return rows.length;
}

/**
 * Erases the personal data of the appointments `ids` (their rows locked by the caller): the columns of
 * personal-data.ts become null and `erased_at` is set, their audit events are scrubbed, and mails still
 * queued about them that would be rendered from the erased data are dropped (a mail rendered already, the
 * cancellation of an erasure on request, stays until it is sent). Returns how many audit events changed.
 */
export async function eraseAppointments(db: DbOrTx, ids: readonly number[], at: Date): Promise<number> {
  if (ids.length === 0) return 0;
  const scrubbed = await scrubAuditEvents(db, 'appointment', ids);
  for (const { table, appointmentColumn, columns } of APPOINTMENT_PERSONAL_DATA) {
    const set = sql.join(
      columns.map((c) => sql`${sql.identifier(c)} = NULL`),
      sql`, `,
    );
    await db.execute(
      sql`UPDATE ${sql.identifier(table)} SET ${set} WHERE ${sql.identifier(appointmentColumn)} = ANY(${intArray(ids)})`,
    );
  }
  await db.execute(
    sql`UPDATE appointments SET erased_at = ${at.toISOString()}::timestamptz WHERE id = ANY(${intArray(ids)})`,
  );
  await db.execute(
    sql`DELETE FROM outbox
         WHERE sent_at IS NULL AND content IS NULL
           AND payload ->> 'appointmentId' = ANY(${textArray(ids.map(String))})`,
  );
  return scrubbed;
}

/**
 * Audit events whose subject is gone (a deleted appointment or account) and that are older than
 * `cutoff`, not scrubbed yet: their subjects' ids, at most `limit`.
 */
export async function orphanedAuditSubjects(
  db: DbOrTx,
  subjectType: 'appointment' | 'user',
  cutoff: Date,
  limit: number,
): Promise<string[]> {
  const table = subjectType === 'appointment' ? sql`appointments` : sql`users`;
  const rows = await queryRows<{ subject_id: string }>(
    db,
    sql`SELECT DISTINCT e.subject_id FROM audit_events e
          LEFT JOIN ${table} s
            ON s.id = CASE WHEN e.subject_id ~ '^[0-9]{1,9}$' THEN e.subject_id::int END
         WHERE e.subject_type = ${subjectType}
           AND e.at < ${cutoff.toISOString()}::timestamptz
           AND s.id IS NULL
           AND NOT (coalesce(e.details, '{}'::jsonb) ? ${SCRUBBED_MARK})
         LIMIT ${limit}`,
  );
  return rows.map((r) => r.subject_id);
}

/**
 * Mails done with: sent (or skipped as pointless) whatever their age, and those still unsent after the
 * whole retention period (a mail that could not be delivered in all that time is dead).
 */
export async function deleteFinishedMails(db: DbOrTx, cutoff: Date): Promise<number> {
  const rows = await queryRows<{ id: number }>(
    db,
    // Webhook deliveries hold no personal data (decision 0440): they stay for the period, as the
    // subscription's deliveries log, delivered or not.
    sql`DELETE FROM outbox
         WHERE (kind <> 'webhook' AND sent_at IS NOT NULL) OR created_at < ${cutoff.toISOString()}::timestamptz
        RETURNING id`,
  );
  return rows.length;
}

/** Password-reset and refresh tokens past their expiry: they open nothing any more. */
export async function deleteExpiredTokens(db: DbOrTx, now: Date): Promise<number> {
  const at = now.toISOString();
  const resets = await queryRows<{ id: number }>(
    db,
    sql`DELETE FROM password_reset_tokens WHERE expires_at < ${at}::timestamptz RETURNING id`,
  );
  const refresh = await queryRows<{ id: number }>(
    db,
    sql`DELETE FROM refresh_tokens WHERE expires_at < ${at}::timestamptz RETURNING id`,
  );
  return resets.length + refresh.length;
}

/** The longest window of any rate limit: hits of a bucket no rule names count for nothing after it. */
const LONGEST_WINDOW_SECONDS = Math.max(...Object.values(RATE_LIMITS).map((r) => r.windowSeconds));

/** Each bucket with its own window: a login's hit (keyed by an e-mail address) goes after 15 minutes even
 * though the wrong-code count of two-step sign-in keeps its hits a day (decision 0418). */
const WINDOWS = sql.join(
  Object.values(RATE_LIMITS).map((r) => sql`(${r.bucket}::text, ${r.windowSeconds}::int)`),
  sql`, `,
);

/**
 * Rate-limit hits outside their bucket's window (their keys are e-mail and client addresses, user ids).
 * The window is the database's clock, as the claims count it.
 */
export async function deleteStaleRateLimitHits(db: DbOrTx): Promise<number> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`DELETE FROM rate_limit_hits h
         WHERE h.at < now() - make_interval(secs => coalesce(
                 (SELECT w.secs FROM (VALUES ${WINDOWS}) AS w(bucket, secs) WHERE w.bucket = h.bucket),
                 ${LONGEST_WINDOW_SECONDS}::int))
        RETURNING h.id`,
  );
  return rows.length;
}

/** Takes the retention housekeeping's lock for this transaction, or answers false when another has it. */
export async function tryHousekeepingLock(db: DbOrTx): Promise<boolean> {
  const [row] = await queryRows<{ locked: boolean }>(
    db,
    sql`SELECT pg_try_advisory_xact_lock(hashtext('balie:retention-housekeeping')) AS locked`,
  );
  return row?.locked === true;
}

// ---- one address (erasure and access on request) ----

/** Lower-cased and trimmed, as account addresses are stored. */
export const normaliseAddress = (email: string) => email.trim().toLowerCase();

/**
 * The appointments held about an address: booked with it (any case) or by the account with it; holds
 * and appointments already erased are not. `lock` takes their rows for an erasure.
 */
export async function appointmentIdsOf(
  db: DbOrTx,
  email: string,
  accountId: number | null,
  lock = false,
): Promise<number[]> {
  const byAccount = accountId === null ? sql`false` : sql`user_id = ${accountId}`;
  const rows = await queryRows<{ id: number }>(
    db,
    sql`SELECT id FROM appointments
         WHERE (lower(email) = ${normaliseAddress(email)} OR ${byAccount})
           AND status <> 'reserved' AND erased_at IS NULL
         ORDER BY id ${lock ? sql`FOR UPDATE` : sql``}`,
  );
  return rows.map((r) => r.id);
}

/** Invitations sent to the address. */
export async function invitationsOf(db: DbOrTx, email: string) {
  return queryRows<{
    id: number;
    role: string;
    created_at: string | Date;
    expires_at: string | Date;
    accepted_at: string | Date | null;
    withdrawn_at: string | Date | null;
  }>(
    db,
    sql`SELECT id, role, created_at, expires_at, accepted_at, withdrawn_at
          FROM invitations WHERE email = ${normaliseAddress(email)} ORDER BY id`,
  );
}

/** What the outbox still has to send about these appointments, this account or these invitations. */
export async function queuedMailsAbout(
  db: DbOrTx,
  about: { appointmentIds: readonly number[]; userId: number | null; invitationIds: readonly number[] },
) {
  const user = about.userId === null ? null : String(about.userId);
  return queryRows<{
    id: number;
    kind: string;
    created_at: string | Date;
    attempts: number;
    next_attempt_at: string | Date;
  }>(
    db,
    sql`SELECT id, kind, created_at, attempts, next_attempt_at FROM outbox
         WHERE sent_at IS NULL AND (
           payload ->> 'appointmentId' = ANY(${textArray(about.appointmentIds.map(String))})
           OR payload ->> 'invitationId' = ANY(${textArray(about.invitationIds.map(String))})
           OR (${user}::text IS NOT NULL AND payload ->> 'userId' = ${user}::text)
           OR (${user}::text IS NOT NULL AND payload ->> 'resetTokenId' IN (
                 SELECT id::text FROM password_reset_tokens WHERE user_id::text = ${user}::text)))
         ORDER BY id`,
  );
}

/** Deletes queued mails (by id) that nobody is to receive any more. */
export async function deleteMails(db: DbOrTx, ids: readonly number[]): Promise<void> {
  if (ids.length > 0) await db.execute(sql`DELETE FROM outbox WHERE id = ANY(${intArray(ids)})`);
}

/** Deletes the invitations (by id) and the rate-limit hits counted under the address. */
export async function deleteAddressTraces(db: DbOrTx, email: string, invitationIds: readonly number[]) {
  if (invitationIds.length > 0)
    await db.execute(sql`DELETE FROM invitations WHERE id = ANY(${intArray(invitationIds)})`);
  await db.execute(sql`DELETE FROM rate_limit_hits WHERE lower(key) = ${normaliseAddress(email)}`);
}

/** Which of `ids` are appointments whose personal data is still held: not erased, not deleted. */
export async function heldAppointmentIds(db: DbOrTx, ids: readonly number[]): Promise<Set<number>> {
  const held = new Set<number>();
  for (let i = 0; i < ids.length; i += 1000) {
    const rows = await queryRows<{ id: number }>(
      db,
      sql`SELECT id FROM appointments WHERE id = ANY(${intArray(ids.slice(i, i + 1000))}) AND erased_at IS NULL`,
    );
    for (const { id } of rows) held.add(id);
  }
  return held;
}

// ---- the waitlist (DESIGN §4c; decision 0465) ----

/**
 * Deletes the waitlist places of an address (an erasure on request) with their offers, the holds of open
 * offers (the slots are free again) and the mails still queued about them. Returns how many went.
 */
export async function deleteWaitlistPlacesOf(db: DbOrTx, email: string): Promise<number> {
  return deleteWaitlistPlaces(db, sql`lower(email) = ${normaliseAddress(email)}`);
}

/**
 * Retention: places that ended (left, booked, past their last day) before the cutoff, and places never
 * confirmed made before it, go with everything about them.
 */
export async function deleteExpiredWaitlistPlaces(db: DbOrTx, cutoff: Date): Promise<number> {
  const at = sql`${cutoff.toISOString()}::timestamptz`;
  return deleteWaitlistPlaces(
    db,
    sql`((status IN ('left', 'booked', 'ended') AND ended_at < ${at}) OR (status = 'pending' AND created_at < ${at}))`,
  );
}

async function deleteWaitlistPlaces(db: DbOrTx, which: SQL): Promise<number> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`WITH gone AS (DELETE FROM waitlist_places WHERE ${which} RETURNING id),
        offers AS (SELECT o.id, o.appointment_id FROM waitlist_offers o WHERE o.place_id IN (SELECT id FROM gone)),
        holds AS (DELETE FROM appointments WHERE id IN (SELECT appointment_id FROM offers) AND status = 'reserved'),
        mails AS (DELETE FROM outbox WHERE sent_at IS NULL AND (
                    payload ->> 'placeId' IN (SELECT id::text FROM gone)
                    OR payload ->> 'offerId' IN (SELECT id::text FROM offers)))
        SELECT id FROM gone`,
  );
  return rows.length;
}
