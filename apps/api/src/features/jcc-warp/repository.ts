import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { queryRows } from '../../db/client.js';
import { integrationBookings } from '../../db/schema/index.js';

/** A create's key stays the same create for an hour (DESIGN §4c); an unfinished claim for two minutes. */
const KEY_HOURS = 1;
const CLAIM_MINUTES = 2;

export interface Claim {
  id: string;
  appointmentId: number | null;
}

/**
 * Claims (client, key) for a create: a new row, or the row of an expired key or of a claim whose create
 * died, taken over. Null when a live claim holds the key: then the same create is (being) booked. One
 * statement, so two processes claiming at once are decided by the unique index.
 */
export async function claimKey(
  db: DbOrTx,
  clientId: number,
  requestKey: string,
  now: Date,
): Promise<string | null> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`INSERT INTO integration_bookings (client_id, request_key, created_at)
        VALUES (${clientId}, ${requestKey}, ${now.toISOString()})
        ON CONFLICT (client_id, request_key) DO UPDATE
          SET id = gen_random_uuid(), created_at = EXCLUDED.created_at, appointment_id = NULL
          WHERE integration_bookings.created_at < ${now.toISOString()}::timestamptz - make_interval(hours => ${KEY_HOURS})
             OR (integration_bookings.appointment_id IS NULL
                 AND integration_bookings.created_at < ${now.toISOString()}::timestamptz - make_interval(mins => ${CLAIM_MINUTES}))
        RETURNING id`,
  );
  return rows[0]?.id ?? null;
}

export async function findClaim(
  db: DbOrTx,
  clientId: number,
  requestKey: string,
): Promise<Claim | undefined> {
  const [row] = await db
    .select({ id: integrationBookings.id, appointmentId: integrationBookings.appointmentId })
    .from(integrationBookings)
    .where(and(eq(integrationBookings.clientId, clientId), eq(integrationBookings.requestKey, requestKey)));
  return row;
}

export async function settleClaim(db: DbOrTx, claimId: string, appointmentId: number): Promise<void> {
  await db.update(integrationBookings).set({ appointmentId }).where(eq(integrationBookings.id, claimId));
}

/** A create that failed gives its key back, so a retry may book. */
export async function releaseClaim(db: DbOrTx, claimId: string): Promise<void> {
  await db.delete(integrationBookings).where(eq(integrationBookings.id, claimId));
}

/** The appointment a client booked under a JCC id; another client's ids are unknown to it. */
export async function appointmentIdOf(db: DbOrTx, clientId: number, jccId: string): Promise<number | null> {
  const [row] = await db
    .select({ appointmentId: integrationBookings.appointmentId })
    .from(integrationBookings)
    .where(and(eq(integrationBookings.id, jccId), eq(integrationBookings.clientId, clientId)));
  return row?.appointmentId ?? null;
}
