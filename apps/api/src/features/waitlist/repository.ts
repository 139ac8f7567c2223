import { sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/client.js';
import type { waitlistOffers, waitlistPlaces } from '../../db/schema/index.js';

export type PlaceRow = typeof waitlistPlaces.$inferSelect;
export type OfferRow = typeof waitlistOffers.$inferSelect;

/** A pending place's link works this long; unconfirmed, it no longer counts against the address. */
export const PENDING_HOURS = 24;

/**
 * The address's places that count against its limit (DESIGN §5: 3): waiting ones, and unconfirmed ones
 * from the last day, not past their last day. Read after the address's advisory lock, in its transaction.
 */
export async function countOpenPlaces(db: DbOrTx, email: string, now: Date, today: string): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM waitlist_places
         WHERE lower(email) = ${email} AND until_date >= ${today}::date
           AND (status = 'active'
                OR (status = 'pending' AND created_at > ${now.toISOString()}::timestamptz - make_interval(hours => ${PENDING_HOURS})))`,
  );
  return Number(row?.n ?? 0);
}

/** One address's sign-ups go one at a time across processes, so two at once never both take the last place. */
export async function lockAddress(db: DbOrTx, email: string): Promise<void> {
  await queryRows(db, sql`SELECT pg_advisory_xact_lock(4642, hashtext(${email})) IS NULL AS locked`);
}

/** Deletes the hold of an open offer (it no longer blocks anyone) and closes the offer as `status`. */
export async function closeOffer(
  db: DbOrTx,
  offerId: number,
  status: 'declined' | 'withdrawn' | 'lapsed',
  now: Date,
): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`WITH closed AS (
          UPDATE waitlist_offers SET status = ${status}, settled_at = ${now.toISOString()}::timestamptz
           WHERE id = ${offerId} AND status = 'open' RETURNING appointment_id),
        released AS (
          DELETE FROM appointments WHERE id IN (SELECT appointment_id FROM closed) AND status = 'reserved')
        SELECT 1 AS id FROM closed`,
  );
  return rows.length > 0;
}

/**
 * Brings offers and places up to date (every pass starts with it): an offer whose hold became an
 * appointment is booked (and its place with it); one whose hold ran out or is gone has lapsed; a place
 * past its last day has ended. Set-based, safe on several processes at once.
 */
export async function settle(db: DbOrTx, now: Date, today: string): Promise<void> {
  const at = sql`${now.toISOString()}::timestamptz`;
  await queryRows(
    db,
    sql`WITH booked AS (
          UPDATE waitlist_offers o SET status = 'booked', settled_at = ${at}
            FROM appointments a
           WHERE o.status = 'open' AND a.id = o.appointment_id AND a.status <> 'reserved'
          RETURNING o.place_id)
        UPDATE waitlist_places SET status = 'booked', ended_at = ${at}
         WHERE id IN (SELECT place_id FROM booked) AND status IN ('active', 'pending')`,
  );
  await queryRows(
    db,
    sql`WITH lapsed AS (
          UPDATE waitlist_offers o SET status = 'lapsed', settled_at = ${at}
           WHERE o.status = 'open'
             AND NOT EXISTS (SELECT 1 FROM appointments a
                              WHERE a.id = o.appointment_id AND (a.status <> 'reserved' OR a.valid_till > ${at}))
          RETURNING o.appointment_id)
        DELETE FROM appointments WHERE id IN (SELECT appointment_id FROM lapsed) AND status = 'reserved'`,
  );
  await queryRows(
    db,
    sql`UPDATE waitlist_places SET status = 'ended', ended_at = ${at}
         WHERE status IN ('pending', 'active') AND until_date < ${today}::date`,
  );
}
