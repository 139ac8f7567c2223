import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import {
  availableDays,
  datesBetween,
  localDateOf,
  timeslots,
  formatZonedIso,
  type UiLanguage,
} from '@balie/shared';
import type { FastifyInstance } from 'fastify';
import { queryRows } from '../../db/client.js';
import { SQLSTATE, sqlStateOf } from '../../db/errors.js';
import { enqueueMail } from '../../mail/outbox.js';
import { newLinkToken } from '../../security/tokens.js';
import { availabilityContext } from '../booking/availability.service.js';
import { holdSlot } from '../booking/reservations.service.js';
import { moment } from '../booking/seen-full.js';
import { settle, type PlaceRow } from './repository.js';
import { WAITLIST_MAIL } from './mail.js';

/** How long one process may take for a pass before another may take over (a process that died). */
const LEASE_MS = 60_000;
/** Slots tried per place and pass: each is a hold attempt, and a crowd may take them meanwhile. */
const TRIES_PER_PLACE = 5;
const owner = randomUUID();

/**
 * One pass of the waitlist (DESIGN §4c, decisions 0463–0464): settle offers and places, then, oldest place
 * first, offer each waiting place without an open offer the first free slot that fits it (its products and
 * amounts, its location or any, its days; never a start it was offered before). Free capacity from any
 * source — a cancellation, a hold that lapsed, new opening hours, a removed closure, a desk added or made
 * to serve a product — is found the same way, because the pass asks the booking engine, not a list of
 * events. The slot is held through the booking path's own hold (`holdSlot`), valid for
 * WAITLIST_OFFER_MINUTES: the exclusion constraint makes one offer per slot, the unique index one open
 * offer per place. One pass at a time across processes (a lease row); a pass asked for while another runs
 * makes that one go round again. Returns the number of offers made.
 */
export async function matchWaitlist(app: FastifyInstance, now = new Date()): Promise<number> {
  const zone = app.config.providerTimezone;
  const today = localDateOf(now.getTime(), zone);
  await settle(app.db, now, today);
  if (!(await takeLease(app, now))) return 0;
  let offers = 0;
  try {
    do offers += await pass(app, now, today);
    while (await again(app));
  } finally {
    await queryRows(
      app.db,
      sql`UPDATE waitlist_matcher SET leased_until = NULL, leased_by = NULL WHERE id = 1 AND leased_by = ${owner}`,
    );
  }
  return offers;
}

async function takeLease(app: FastifyInstance, now: Date): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    app.db,
    sql`UPDATE waitlist_matcher
           SET leased_until = ${new Date(now.getTime() + LEASE_MS).toISOString()}::timestamptz,
               leased_by = ${owner}, again = false
         WHERE id = 1 AND (leased_until IS NULL OR leased_until < ${now.toISOString()}::timestamptz)
        RETURNING id`,
  );
  if (rows.length > 0) return true;
  // Another process is in a pass: it goes round once more, so what freed just now is not left waiting.
  await queryRows(app.db, sql`UPDATE waitlist_matcher SET again = true WHERE id = 1`);
  return false;
}

async function again(app: FastifyInstance): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    app.db,
    sql`UPDATE waitlist_matcher SET again = false WHERE id = 1 AND again AND leased_by = ${owner} RETURNING id`,
  );
  return rows.length > 0;
}

async function pass(app: FastifyInstance, now: Date, today: string): Promise<number> {
  const places = await queryRows<PlaceRow & { offered: string[] | null }>(
    app.db,
    sql`SELECT p.id, p.items, p.location_id AS "locationId", to_char(p.from_date, 'YYYY-MM-DD') AS "fromDate",
               to_char(p.until_date, 'YYYY-MM-DD') AS "untilDate", p.language, p.user_id AS "userId",
               (SELECT array_agg((extract(epoch FROM o.starts_at) * 1000)::bigint::text) FROM waitlist_offers o
                 WHERE o.place_id = p.id) AS offered
          FROM waitlist_places p
         WHERE p.status = 'active' AND p.until_date >= ${today}::date
           AND NOT EXISTS (SELECT 1 FROM waitlist_offers o WHERE o.place_id = p.id AND o.status = 'open')
         ORDER BY p.confirmed_at, p.id`,
  );
  let made = 0;
  for (const place of places) {
    try {
      if (await offerTo(app, place, new Set(place.offered ?? []), now, today)) made += 1;
    } catch (err) {
      // A place whose products or location no longer exist cannot be served; the others still can.
      app.log.warn({ err, placeId: place.id }, 'waitlist place not matched');
    }
  }
  return made;
}

/** The first free starts for the place, earliest first, leaving out those offered to it before. */
async function freeStarts(
  app: FastifyInstance,
  place: PlaceRow,
  offered: Set<string>,
  now: Date,
  today: string,
): Promise<number[]> {
  const first = place.fromDate > today ? place.fromDate : today;
  if (first > place.untilDate) return [];
  const ctx = await availabilityContext(app, {
    first,
    last: place.untilDate,
    appointmentItems: place.items,
    locationId: place.locationId ?? undefined,
    now: now.getTime(),
    exceptGroup: null,
    fresh: true,
  });
  const starts: number[] = [];
  for (const day of availableDays(ctx.input, datesBetween(first, place.untilDate))) {
    for (const slot of timeslots(ctx.input, [day])[0]?.slots ?? [])
      if (!offered.has(String(slot.begin))) starts.push(slot.begin);
    if (starts.length >= TRIES_PER_PLACE) break;
  }
  return starts.slice(0, TRIES_PER_PLACE);
}

async function offerTo(
  app: FastifyInstance,
  place: PlaceRow,
  offered: Set<string>,
  now: Date,
  today: string,
): Promise<boolean> {
  for (const start of await freeStarts(app, place, offered, now, today)) {
    let reservation;
    try {
      reservation = await holdSlot(
        app,
        {
          fromDateTime: formatZonedIso(start, app.config.providerTimezone),
          appointmentItems: place.items,
          locationId: place.locationId ?? undefined,
        },
        {
          arrived: moment(),
          target: null,
          userId: place.userId,
          clientKey: null,
          language: place.language as UiLanguage,
        },
      );
    } catch (err) {
      // Taken meanwhile by someone booking: the next start.
      if ((err as { code?: string }).code === 'timeslot_unavailable') continue;
      throw err;
    }
    const validTill = new Date(now.getTime() + app.config.waitlistOfferMinutes * 60_000);
    const { nonce, hash } = newLinkToken(app.config.secret);
    try {
      await app.db.transaction(async (tx) => {
        const [hold] = await queryRows<{ id: number; desk_id: number }>(
          tx,
          sql`UPDATE appointments SET valid_till = ${validTill.toISOString()}::timestamptz
               WHERE reservation_id = ${reservation.id}::uuid AND status = 'reserved'
              RETURNING id, desk_id`,
        );
        if (!hold) throw new Error('the offer’s hold is gone');
        const [offer] = await queryRows<{ id: number }>(
          tx,
          sql`INSERT INTO waitlist_offers (place_id, appointment_id, desk_id, starts_at, valid_till, token_hash,
                                           token_nonce, created_at)
              SELECT ${place.id}, ${hold.id}, ${hold.desk_id}, ${new Date(start).toISOString()}::timestamptz,
                     ${validTill.toISOString()}::timestamptz, ${hash}, ${nonce}, ${now.toISOString()}::timestamptz
               WHERE EXISTS (SELECT 1 FROM waitlist_places WHERE id = ${place.id} AND status = 'active')
              RETURNING id`,
        );
        if (!offer) throw new Error('the place is no longer waiting');
        await enqueueMail(tx, WAITLIST_MAIL.offer, { offerId: offer.id });
      });
      return true;
    } catch (err) {
      // Not offered after all (the place left, or another process offered it something at this moment):
      // the hold goes, so the slot is free again at once.
      await queryRows(
        app.db,
        sql`DELETE FROM appointments WHERE reservation_id = ${reservation.id}::uuid AND status = 'reserved'`,
      );
      if (sqlStateOf(err) === SQLSTATE.uniqueViolation) return false;
      if (err instanceof Error && /no longer waiting|hold is gone/.test(err.message)) return false;
      throw err;
    }
  }
  return false;
}
