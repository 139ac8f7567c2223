import {
  formatZonedIso,
  localDateOf,
  type AdminWaitlist,
  type JoinWaitlistRequest,
  type WaitlistOffer,
  type WaitlistPlace,
} from '@balie/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { queryRows, type DbOrTx } from '../../db/client.js';
import { appointments, waitlistOffers, waitlistPlaces } from '../../db/schema/index.js';
import { httpError, validationError } from '../../http/errors.js';
import { requestLanguage } from '../../http/language.js';
import { enqueueMail } from '../../mail/outbox.js';
import { claimRateLimit, RATE_LIMITS } from '../../security/rate-limit.js';
import { hashToken, newLinkToken } from '../../security/tokens.js';
import { availabilityContext } from '../booking/availability.service.js';
import { toReservation } from '../booking/reservations.service.js';
import { WAITLIST_MAIL } from './mail.js';
import { matchSoon } from './trigger.js';
import { closeOffer, countOpenPlaces, lockAddress, PENDING_HOURS, type PlaceRow } from './repository.js';
import { MAX_WAITLIST_PLACES_PER_EMAIL } from '@balie/shared';

const iso = (app: FastifyInstance, d: Date | null) =>
  d ? formatZonedIso(d.getTime(), app.config.providerTimezone) : null;

export function toPlace(app: FastifyInstance, row: PlaceRow): WaitlistPlace {
  return {
    id: row.id,
    status: row.status,
    appointmentItems: row.items,
    locationId: row.locationId,
    from: row.fromDate,
    until: row.untilDate,
    createdAt: iso(app, row.createdAt)!,
    confirmedAt: iso(app, row.confirmedAt),
  };
}

/**
 * POST /waitlist (public, DESIGN §5): checks the products and the location as a booking would, counts the
 * address's places under its lock (3 at most, 429 `too_many_waitlist_places`), stores the place pending
 * and queues the one mail that asks to confirm it. Mail to an address nobody confirmed is limited per
 * address and per client address (DESIGN §6).
 */
export async function joinWaitlist(
  app: FastifyInstance,
  request: FastifyRequest,
  body: JoinWaitlistRequest,
): Promise<void> {
  const now = new Date();
  const today = localDateOf(now.getTime(), app.config.providerTimezone);
  if (body.until < today) throw validationError('until', 'in_past');
  // The products and location as the booking engine knows them (400 naming the field otherwise).
  await availabilityContext(app, {
    first: today,
    last: today,
    appointmentItems: body.appointmentItems,
    locationId: body.locationId,
    now: now.getTime(),
    exceptGroup: null,
  });
  const email = body.email.trim().toLowerCase();
  await claimRateLimit(app.db, RATE_LIMITS.waitlistPerClient, request.ip);
  await claimRateLimit(app.db, RATE_LIMITS.waitlistPerAddress, email);
  await app.db.transaction(async (tx) => {
    await lockAddress(tx, email);
    if ((await countOpenPlaces(tx, email, now, today)) >= MAX_WAITLIST_PLACES_PER_EMAIL)
      throw httpError('too_many_waitlist_places');
    const { nonce, hash } = newLinkToken(app.config.secret);
    const [place] = await tx
      .insert(waitlistPlaces)
      .values({
        email,
        language: body.language ?? requestLanguage(request),
        items: body.appointmentItems,
        locationId: body.locationId ?? null,
        fromDate: body.from < today ? today : body.from,
        untilDate: body.until,
        userId: request.user?.id ?? null,
        tokenHash: hash,
        tokenNonce: nonce,
        createdAt: now,
      })
      .returning({ id: waitlistPlaces.id });
    await enqueueMail(tx, WAITLIST_MAIL.confirm, { placeId: place!.id });
  });
}

async function placeByToken(db: DbOrTx, token: string): Promise<PlaceRow> {
  const [row] = await db
    .select()
    .from(waitlistPlaces)
    .where(eq(waitlistPlaces.tokenHash, hashToken(token)));
  if (!row) throw httpError('not_found');
  return row;
}

/** GET /waitlist/confirm/{token}: the place becomes active (in line from now), once; then a match. */
export async function confirmPlace(app: FastifyInstance, token: string): Promise<WaitlistPlace> {
  const found = await placeByToken(app.db, token);
  const now = new Date();
  if (found.status === 'pending') {
    if (found.createdAt.getTime() + PENDING_HOURS * 3600_000 < now.getTime()) throw httpError('not_found');
    const [row] = await app.db
      .update(waitlistPlaces)
      .set({ status: 'active', confirmedAt: now })
      .where(and(eq(waitlistPlaces.id, found.id), eq(waitlistPlaces.status, 'pending')))
      .returning();
    matchSoon(app);
    return toPlace(app, row ?? (await placeByToken(app.db, token)));
  }
  return toPlace(app, found);
}

/** Ends a place (the visitor leaves, or an admin removes it): its open offer's hold goes at once. */
async function endPlace(app: FastifyInstance, place: PlaceRow): Promise<void> {
  const now = new Date();
  await app.db.transaction(async (tx) => {
    await tx
      .update(waitlistPlaces)
      .set({ status: 'left', endedAt: now })
      .where(and(eq(waitlistPlaces.id, place.id), sql`${waitlistPlaces.status} IN ('pending', 'active')`));
    const open = await tx
      .select({ id: waitlistOffers.id })
      .from(waitlistOffers)
      .where(and(eq(waitlistOffers.placeId, place.id), eq(waitlistOffers.status, 'open')));
    for (const o of open) await closeOffer(tx, o.id, 'withdrawn', now);
  });
  matchSoon(app);
}

/** DELETE /waitlist/{token}: leave the list (idempotent). */
export async function leavePlace(app: FastifyInstance, token: string): Promise<void> {
  await endPlace(app, await placeByToken(app.db, token));
}

/** DELETE /waitlist/place/{id} (admin). */
export async function removePlace(app: FastifyInstance, id: number): Promise<void> {
  const [row] = await app.db.select().from(waitlistPlaces).where(eq(waitlistPlaces.id, id));
  if (!row) throw httpError('not_found');
  await endPlace(app, row);
}

async function offerByToken(db: DbOrTx, token: string) {
  const [row] = await db
    .select()
    .from(waitlistOffers)
    .where(eq(waitlistOffers.tokenHash, hashToken(token)));
  if (!row) throw httpError('not_found');
  return row;
}

/**
 * GET /waitlist/offer/{token}: the held slot as make-reservation answers it, to book with POST /appointment
 * as any hold. An offer declined, lapsed or booked answers 410 `reservation_expired`.
 */
export async function showOffer(
  app: FastifyInstance,
  request: FastifyRequest,
  token: string,
): Promise<WaitlistOffer> {
  const offer = await offerByToken(app.db, token);
  const now = Date.now();
  if (offer.status !== 'open' || offer.appointmentId === null) throw httpError('reservation_expired');
  const [hold] = await app.db.select().from(appointments).where(eq(appointments.id, offer.appointmentId));
  if (!hold || hold.status !== 'reserved' || !hold.validTill || hold.validTill.getTime() <= now)
    throw httpError('reservation_expired');
  const reservation = await toReservation(app.db, hold, app.config, requestLanguage(request));
  return { reservation, validTill: reservation.validTill };
}

/** POST /waitlist/offer/{token}/decline: the slot goes to the next in line at once (idempotent). */
export async function declineOffer(app: FastifyInstance, token: string): Promise<void> {
  const offer = await offerByToken(app.db, token);
  if (await closeOffer(app.db, offer.id, 'declined', new Date())) matchSoon(app);
}

/** GET /waitlist (admin): the places that wait, oldest first, and what offers achieved. */
export async function adminWaitlist(
  app: FastifyInstance,
  query: { productId?: number | undefined; locationId?: number | undefined },
): Promise<AdminWaitlist> {
  const filter = sql`p.status IN ('pending', 'active')
    ${query.productId ? sql`AND p.items @> ${JSON.stringify([{ productId: query.productId }])}::jsonb` : sql``}
    ${query.locationId ? sql`AND (p.location_id = ${query.locationId} OR p.location_id IS NULL)` : sql``}`;
  const rows = await queryRows<PlaceRow & { offered: boolean }>(
    app.db,
    sql`SELECT p.id, p.status, p.items, p.location_id AS "locationId", to_char(p.from_date, 'YYYY-MM-DD') AS "fromDate",
               to_char(p.until_date, 'YYYY-MM-DD') AS "untilDate", p.created_at AS "createdAt",
               p.confirmed_at AS "confirmedAt", p.email,
               EXISTS (SELECT 1 FROM waitlist_offers o WHERE o.place_id = p.id AND o.status = 'open') AS offered
          FROM waitlist_places p WHERE ${filter}
         ORDER BY p.status = 'pending', p.confirmed_at, p.id`,
  );
  const zone = app.config.providerTimezone;
  const monday = sql`date_trunc('week', (${new Date().toISOString()}::timestamptz AT TIME ZONE ${zone})) AT TIME ZONE ${zone}`;
  const filled = sql`o.status = 'booked'
    ${query.productId ? sql`AND p.items @> ${JSON.stringify([{ productId: query.productId }])}::jsonb` : sql``}
    ${query.locationId ? sql`AND (p.location_id = ${query.locationId} OR p.location_id IS NULL)` : sql``}`;
  const [counts] = await queryRows<{ week: number; total: number }>(
    app.db,
    sql`SELECT count(*) FILTER (WHERE o.settled_at >= ${monday})::int AS week, count(*)::int AS total
          FROM waitlist_offers o JOIN waitlist_places p ON p.id = o.place_id WHERE ${filled}`,
  );
  const places = rows.map((r) => ({
    ...toPlace(app, {
      ...r,
      createdAt: new Date(r.createdAt),
      confirmedAt: r.confirmedAt && new Date(r.confirmedAt),
    }),
    email: r.email ?? '',
    offered: Boolean(r.offered),
  }));
  const waiting = places.filter((p) => p.status === 'active');
  return {
    places,
    counts: {
      waiting: waiting.length,
      oldestSince: waiting[0]?.confirmedAt ?? null,
      filledThisWeek: Number(counts?.week ?? 0),
      filledTotal: Number(counts?.total ?? 0),
    },
  };
}
