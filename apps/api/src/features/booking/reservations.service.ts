import { randomUUID } from 'node:crypto';
import { and, eq, gt, lte, sql } from 'drizzle-orm';
import {
  desksForStart,
  formatZonedIso,
  localDateOf,
  localDay,
  type AvailabilityInput,
  type ExtendResponse,
  type MakeReservationRequest,
  type Reservation,
} from '@balie/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../../config.js';
import type { DbOrTx, Tx } from '../../db/client.js';
import { appointmentItems, appointments } from '../../db/schema/index.js';
import { httpError } from '../../http/errors.js';
import { consumeRateLimit, RATE_LIMITS } from '../../security/rate-limit.js';
import { changeTarget } from '../appointments/access.js';
import { viewOf, type AppointmentRow } from '../appointments/repository.js';
import { availabilityContext } from './availability.service.js';
import { resolveItems, type ResolvedItem } from './items.js';
import { loadBusy } from './schedule.repository.js';

const MINUTE = 60_000;
const DAY = 86_400_000;

/** The reservation object of DESIGN §5. */
export async function toReservation(db: DbOrTx, row: AppointmentRow, config: Config): Promise<Reservation> {
  const view = await viewOf(db, row);
  const zone = config.providerTimezone;
  return {
    reservation: true,
    id: row.reservationId,
    appointmentItems: view.items,
    fromDateTime: formatZonedIso(row.during.from.getTime(), zone),
    untilDateTime: formatZonedIso(row.during.until.getTime(), zone),
    createdDateTime: formatZonedIso(row.createdAt.getTime(), zone),
    validTill: formatZonedIso(row.validTill!.getTime(), zone),
    desk: { id: view.desk.id, name: view.desk.name },
  };
}

/** Transaction-scoped lock key of one desk on one local date; a namespace keeps it apart from other locks. */
function deskDayLockKey(deskId: number, date: string): bigint {
  const dayNumber = Math.floor(Date.parse(`${date}T00:00:00Z`) / DAY);
  return 7_300_000_000_000n + BigInt(deskId) * 1_000_000n + BigInt(dayNumber);
}

function isExclusionViolation(err: unknown): boolean {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23P01') return true;
  }
  return false;
}

interface Attempt {
  deskId: number;
  /** The engine's input read before the transaction (the schedule); its bookings are read again inside. */
  input: AvailabilityInput;
  date: string;
  from: Date;
  until: Date;
  items: ResolvedItem[];
  durationMinutes: number;
  target: AppointmentRow | null;
  replacesReservationId: string | undefined;
  userId: number | null;
}

/**
 * One desk, one transaction: release the hold this one replaces, clear expired holds in the way, then
 * under the desk-day lock recheck the slot against the bookings as they are now (overlap and quota) and
 * insert. Null when the desk no longer fits; the exclusion constraint (23P01) has the last word.
 */
async function tryDesk(
  app: FastifyInstance,
  tx: Tx,
  a: Attempt,
  now: number,
): Promise<AppointmentRow | null> {
  const range = sql`tstzrange(${a.from.toISOString()}::timestamptz, ${a.until.toISOString()}::timestamptz)`;
  if (a.replacesReservationId) {
    await tx
      .delete(appointments)
      .where(
        and(eq(appointments.reservationId, a.replacesReservationId), eq(appointments.status, 'reserved')),
      );
  }
  await tx
    .delete(appointments)
    .where(
      and(
        eq(appointments.deskId, a.deskId),
        eq(appointments.status, 'reserved'),
        lte(appointments.validTill, new Date(now)),
        sql`${appointments.during} && ${range}`,
      ),
    );
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${deskDayLockKey(a.deskId, a.date)})`);
  const day = localDay(app.config.providerTimezone, a.date);
  // Read again inside the lock: whoever held it before us has committed by now.
  const busy = await loadBusy(tx, {
    from: new Date(day.start),
    until: new Date(day.end),
    now: new Date(now),
    exceptGroup: a.target?.groupKey ?? null,
    deskId: a.deskId,
  });
  const desk = a.input.desks.filter((d) => d.id === a.deskId);
  if (!desksForStart({ ...a.input, desks: desk, busy }, a.from.getTime()).includes(a.deskId)) return null;
  const [row] = await tx
    .insert(appointments)
    .values({
      reservationId: randomUUID(),
      status: 'reserved',
      validTill: new Date(now + app.config.reservationMinutes * MINUTE),
      deskId: a.deskId,
      during: { from: a.from, until: a.until },
      groupKey: a.target?.groupKey ?? randomUUID(),
      replacesAppointmentId: a.target?.id ?? null,
      userId: a.userId,
    })
    .returning();
  if (!row) throw new Error('hold insert returned nothing');
  await tx
    .insert(appointmentItems)
    .values(a.items.map((i) => ({ appointmentId: row.id, productId: i.product.id, amount: i.amount })));
  return row;
}

/**
 * POST /appointment/make-reservation: a hold on the preferred free desk for the requested start
 * (DESIGN §4), trying the next desk when one is taken meanwhile; 409 timeslot_unavailable when none is left.
 */
export async function makeReservation(
  app: FastifyInstance,
  request: FastifyRequest,
  body: MakeReservationRequest,
): Promise<Reservation> {
  await consumeRateLimit(app.db, RATE_LIMITS.makeReservation, request.ip);
  const now = Date.now();
  const zone = app.config.providerTimezone;
  const target = await changeTarget(app.db, request, app.config, body);
  const { items, durationMinutes } = await resolveItems(app.db, body.appointmentItems);
  const start = Date.parse(body.fromDateTime);
  const date = localDateOf(start, zone);
  const ctx = await availabilityContext(app, {
    first: date,
    last: date,
    durationMinutes,
    now,
    exceptGroup: target?.groupKey ?? null,
    // The hold it replaces does not stand in its own way.
    exceptReservation: body.replacesReservationId,
  });
  const preferred = desksForStart(ctx.input, start);
  const attempt = {
    input: ctx.input,
    date,
    from: new Date(start),
    until: new Date(start + durationMinutes * MINUTE),
    items,
    durationMinutes,
    target,
    replacesReservationId: body.replacesReservationId,
    userId: request.user?.id ?? null,
  };
  for (const deskId of preferred) {
    try {
      const row = await app.db.transaction((tx) => tryDesk(app, tx, { ...attempt, deskId }, now));
      if (row) return toReservation(app.db, row, app.config);
    } catch (err) {
      if (!isExclusionViolation(err)) throw err;
    }
  }
  throw httpError('timeslot_unavailable');
}

/** GET /appointment/reservation/{id}/extend: now + RESERVATION_MINUTES while the hold is still valid. */
export async function extendReservation(
  app: FastifyInstance,
  reservationId: string,
): Promise<ExtendResponse> {
  const now = new Date();
  const [row] = await app.db
    .update(appointments)
    .set({ validTill: new Date(now.getTime() + app.config.reservationMinutes * MINUTE) })
    .where(
      and(
        eq(appointments.reservationId, reservationId),
        eq(appointments.status, 'reserved'),
        gt(appointments.validTill, now),
      ),
    )
    .returning();
  return row ? toReservation(app.db, row, app.config) : { reservation: false };
}
