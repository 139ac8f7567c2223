import { randomUUID } from 'node:crypto';
import { and, eq, gt, sql } from 'drizzle-orm';
import {
  desksForStart,
  formatZonedIso,
  localDateOf,
  localDay,
  type AvailabilityInput,
  type ExtendResponse,
  type MakeReservationRequest,
  type Reservation,
  type UiLanguage,
} from '@balie/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../../config.js';
import { queryRows, type DbOrTx, type Tx } from '../../db/client.js';
import { appointments } from '../../db/schema/index.js';
import { httpError } from '../../http/errors.js';
import { requestLanguage } from '../../http/language.js';
import { claimRateLimit, RATE_LIMITS } from '../../security/rate-limit.js';
import { changeTarget } from '../appointments/access.js';
import { noteBookingsChanged } from '../appointments/booking-changes.js';
import { viewOf, type AppointmentRow } from '../appointments/repository.js';
import { availabilityContext } from './availability.service.js';
import { itemViews, type ResolvedItem } from './items.js';
import { oneAtATime } from './one-at-a-time.js';
import { moment, noteFull, questionOf, seenFullSince } from './seen-full.js';
import {
  belowHoldCap,
  clientLock,
  holdClientKey,
  holdEnd,
  holdValidTill,
  latestValidTill,
} from './hold-limits.js';
import { loadBusy } from './schedule.repository.js';
import { SQLSTATE, sqlStateOf } from '../../db/errors.js';

const MINUTE = 60_000;
const MAX_SCHEDULE_ROUNDS = 5;
const DAY = 86_400_000;

/** The reservation object of DESIGN §5, from what the caller already knows of the hold. */
function reservationOf(
  hold: { reservationId: string; from: Date; until: Date; createdAt: Date; validTill: Date },
  items: Reservation['appointmentItems'],
  desk: Reservation['desk'],
  config: Config,
): Reservation {
  const zone = config.providerTimezone;
  const latest = latestValidTill(config, hold.createdAt.getTime());
  return {
    reservation: true,
    id: hold.reservationId,
    appointmentItems: items,
    fromDateTime: formatZonedIso(hold.from.getTime(), zone),
    untilDateTime: formatZonedIso(hold.until.getTime(), zone),
    createdDateTime: formatZonedIso(hold.createdAt.getTime(), zone),
    validTill: formatZonedIso(hold.validTill.getTime(), zone),
    ...(latest === null ? {} : { maxValidTill: formatZonedIso(latest, zone) }),
    desk,
  };
}

/** The reservation object of a stored hold (its desk and items read in two queries), titled in `language`. */
export async function toReservation(
  db: DbOrTx,
  row: AppointmentRow,
  config: Config,
  language: UiLanguage,
): Promise<Reservation> {
  const view = await viewOf(db, row, language);
  return reservationOf(
    { ...row, from: row.during.from, until: row.during.until, validTill: row.validTill! },
    view.items,
    {
      id: view.desk.id,
      name: view.desk.name,
      location: { id: view.desk.location.id, name: view.desk.location.name },
    },
    config,
  );
}

/** Transaction-scoped lock key of one desk on one local date; a namespace keeps it apart from other locks. */
export function deskDayLockKey(deskId: number, date: string): bigint {
  const dayNumber = Math.floor(Date.parse(`${date}T00:00:00Z`) / DAY);
  return 7_300_000_000_000n + BigInt(deskId) * 1_000_000n + BigInt(dayNumber);
}

/**
 * Thrown inside an attempt's transaction when it made no hold, so that nothing it did stays: above all
 * not the release of the hold the visitor already has (they keep it when the new slot is lost).
 */
class NoHold extends Error {
  constructor(readonly outcome: Exclude<Outcome, { kind: 'held' }>) {
    super(`no hold: ${outcome.kind}`);
  }
}

const intArray = (values: readonly number[]) => `{${values.join(',')}}`;

interface Attempt {
  /** The new hold's id, chosen before the first try. */
  reservationId: string;
  /** The engine's input read before the transaction (the schedule); its bookings are read again inside. */
  input: AvailabilityInput;
  /** The version of the schedule `input` holds; the hold is made only while it is still the current one. */
  scheduleVersion: number;
  date: string;
  from: Date;
  until: Date;
  items: ResolvedItem[];
  target: AppointmentRow | null;
  replacesReservationId: string | undefined;
  userId: number | null;
  /** The client's hold-count key (hold-limits.ts), or null when its holds are not counted. */
  clientKey: string | null;
}

type Outcome =
  /** The hold is made. */
  | { kind: 'held'; deskId: number; id: number; createdAt: Date; validTill: Date }
  /** `deskId` was locked and no longer fits; `stillFree` are the other candidates that fit as read now. */
  | { kind: 'taken'; deskId: number; stillFree: number[] }
  /** Every candidate's desk-day lock was held by someone else at that moment. */
  | { kind: 'all-locked' }
  /** The schedule changed since `input` was read: read it again and start over. */
  | { kind: 'stale-schedule' }
  /** The client address already has MAX_HOLDS_PER_CLIENT valid holds. */
  | { kind: 'too-many-holds' };

/**
 * First statement of every hold's transaction: a share lock on the schedule version's row. A schedule
 * change raises that version first thing in its own transaction, so it waits for holds being made, and
 * holds wait for it; a hold then checks it was chosen on the schedule now in force (decision 0151).
 * Taken before any desk-day lock, so the two never wait on each other in opposite orders.
 */
async function scheduleStillCurrent(tx: Tx, version: number): Promise<boolean> {
  const [row] = await queryRows<{ version: number | string }>(
    tx,
    sql`SELECT version FROM schedule_state WHERE id = 1 FOR SHARE`,
  );
  return Number(row?.version ?? 0) === version;
}

/** Which of `deskIds` can take [from, until) according to `busy` (that day's bookings of those desks). */
function fittingDesks(a: Attempt, deskIds: readonly number[], busy: AvailabilityInput['busy']): number[] {
  const desks = a.input.desks.filter((d) => deskIds.includes(d.id));
  return desksForStart({ ...a.input, desks, busy }, a.from.getTime());
}

/** That day's active bookings of `deskIds`, as committed now. */
function dayBusy(app: FastifyInstance, db: DbOrTx, a: Attempt, deskIds: readonly number[], now: number) {
  const day = localDay(app.config.providerTimezone, a.date);
  return loadBusy(db, {
    from: new Date(day.start),
    until: new Date(day.end),
    now: new Date(now),
    exceptGroup: a.target?.groupKey ?? null,
    deskIds,
  });
}

/**
 * One transaction for the candidate desks (most preferred first): release the hold this one replaces,
 * clear expired holds in the way, and take the desk-day lock of ONE desk — with `wait` the first
 * candidate's, waiting for it; otherwise the first candidate whose lock is free right now, so that a
 * crowd asking for one start spreads over the desks instead of queueing behind one lock. Under the lock
 * the bookings are read again (whoever held it before has committed by now) and the slot is rechecked
 * (overlap and quota) before the insert; the exclusion constraint (23P01) has the last word.
 */
async function attemptHold(
  app: FastifyInstance,
  tx: Tx,
  a: Attempt,
  candidates: readonly number[],
  wait: boolean,
  now: number,
  onLocked: (deskId: number) => void,
): Promise<Outcome> {
  if (!(await scheduleStillCurrent(tx, a.scheduleVersion))) return { kind: 'stale-schedule' };
  const range = sql`tstzrange(${a.from.toISOString()}::timestamptz, ${a.until.toISOString()}::timestamptz)`;
  const keys = candidates.map((id) => deskDayLockKey(id, a.date));
  // Deletes in CTEs run whether or not the SELECT reads them; one round trip for the three steps (after
  // the schedule-version check above).
  const cleanup = sql`WITH replaced AS (
      DELETE FROM appointments
       WHERE ${a.replacesReservationId ? sql`reservation_id = ${a.replacesReservationId}::uuid` : sql`false`}
         AND status = 'reserved'),
    expired AS (
      DELETE FROM appointments
       WHERE desk_id = ANY(${intArray(candidates)}::int[]) AND status = 'reserved'
         AND valid_till <= ${new Date(now).toISOString()}::timestamptz AND during && ${range})`;
  const [locked] = wait
    ? await queryRows<{ desk_id: number }>(
        tx,
        sql`${cleanup} SELECT ${candidates[0]}::int AS desk_id, pg_advisory_xact_lock(${keys[0]}::bigint)`,
      )
    : // A function scan hands its rows to the filter one by one and LIMIT stops at the first lock taken,
      // so this takes at most one lock.
      await queryRows<{ desk_id: number }>(
        tx,
        sql`${cleanup} SELECT c.desk_id FROM unnest(${intArray(candidates)}::int[], ${`{${keys.join(',')}}`}::bigint[]) AS c(desk_id, lock_key)
             WHERE pg_try_advisory_xact_lock(c.lock_key) LIMIT 1`,
      );
  if (!locked) return { kind: 'all-locked' };
  const deskId = Number(locked.desk_id);
  onLocked(deskId);
  const fits = fittingDesks(a, candidates, await dayBusy(app, tx, a, candidates, now));
  if (!fits.includes(deskId)) return { kind: 'taken', deskId, stillFree: fits };
  const created = sql`${new Date(now).toISOString()}::timestamptz`;
  // The client's holds go one after the other from here to the commit only (hold-limits.ts): taken last,
  // after the desk-day lock, so one address's holds are not queued behind each other's lock waits and
  // reads (sixteen bench clients behind one address made 47 pairs a second instead of 72). Nothing waits
  // for a desk-day lock while holding it, so the two orders cannot deadlock.
  if (a.clientKey !== null) await queryRows(tx, sql`SELECT ${clientLock(a.clientKey)} IS NULL AS locked`);
  // The client's count is read in this statement, after its lock was granted: the hold this one
  // replaces is already gone, so replacing one of the client's own holds is always allowed.
  const [row] = await queryRows<{ id: number; created_ms: number | string; valid_ms: number | string }>(
    tx,
    sql`WITH hold AS (
          INSERT INTO appointments (reservation_id, status, valid_till, desk_id, during, group_key,
                                    replaces_appointment_id, user_id, created_at, client_key)
          SELECT ${a.reservationId}::uuid, 'reserved', ${holdValidTill(app.config, created, now)}, ${deskId},
                 ${range}, ${a.target?.groupKey ?? randomUUID()}::uuid, ${a.target?.id ?? null}::int,
                 ${a.userId}::int, ${created}, ${a.clientKey}::text
           WHERE ${belowHoldCap(app.config, a.clientKey, now)}
          RETURNING id, created_at, valid_till),
        items AS (
          INSERT INTO appointment_items (appointment_id, product_id, amount)
          SELECT hold.id, i.product_id, i.amount
            FROM hold, unnest(${intArray(a.items.map((i) => i.product.id))}::int[],
                              ${intArray(a.items.map((i) => i.amount))}::int[]) AS i(product_id, amount))
        SELECT id, (extract(epoch FROM created_at) * 1000)::float8 AS created_ms,
               (extract(epoch FROM valid_till) * 1000)::float8 AS valid_ms FROM hold`,
  );
  if (!row) return { kind: 'too-many-holds' };
  return {
    kind: 'held',
    deskId,
    id: Number(row.id),
    createdAt: new Date(Number(row.created_ms)),
    validTill: new Date(Number(row.valid_ms)),
  };
}

/**
 * POST /appointment/make-reservation: a hold on the preferred free desk for the requested start
 * (DESIGN §4), moving on to the next desk when one is taken or being taken meanwhile; 409
 * timeslot_unavailable as soon as a fresh read shows no desk left (decision 0111).
 */
export async function makeReservation(
  app: FastifyInstance,
  request: FastifyRequest,
  body: MakeReservationRequest,
): Promise<Reservation> {
  // Before the rate-limit claim: the earlier the arrival is noted, the more of a crowd one read answers.
  const arrived = moment();
  await claimRateLimit(app.db, RATE_LIMITS.makeReservation, request.ip);
  const target = await changeTarget(app.db, request, app.config, body);
  return holdSlot(app, body, {
    arrived,
    target,
    userId: request.user?.id ?? null,
    clientKey: holdClientKey(app.config, request),
    language: requestLanguage(request),
  });
}

/**
 * The booking path's hold itself (DESIGN §4 holds), for make-reservation and for the waitlist's offers
 * (decision 0463): one way to claim a slot, so the database guards both alike.
 */
export async function holdSlot(
  app: FastifyInstance,
  body: Pick<
    MakeReservationRequest,
    'fromDateTime' | 'appointmentItems' | 'locationId' | 'replacesReservationId'
  >,
  who: {
    arrived: number;
    target: AppointmentRow | null;
    userId: number | null;
    clientKey: string | null;
    language: UiLanguage;
  },
): Promise<Reservation> {
  const { arrived, target } = who;
  const zone = app.config.providerTimezone;
  const start = Date.parse(body.fromDateTime);
  const date = localDateOf(start, zone);
  const question = questionOf(start, body);
  // Holds for the same start in this process go one at a time (decision 0273); each reads the bookings
  // the one before it committed, and its own clock starts when its turn comes. A crowd's request that
  // a read begun after its arrival already found full gets that read's answer (decision 0413).
  return oneAtATime(app.db, `hold|${start}`, async () => {
    if (question !== null && seenFullSince(app.db, question, arrived))
      throw httpError('timeslot_unavailable');
    const now = Date.now();
    // A round per schedule version: a schedule change committed meanwhile makes the next one start over
    // on the new schedule (a handful at most: changes are rare and each is read at once). The items are
    // resolved against each round's schedule, whose version the hold checks under a share lock: a
    // product deleted, deactivated or changed through any process is what the hold goes by (0323).
    rounds: for (let round = 0; round < MAX_SCHEDULE_ROUNDS; round++) {
      const readBegan = moment();
      const ctx = await availabilityContext(app, {
        first: date,
        last: date,
        appointmentItems: body.appointmentItems,
        locationId: body.locationId,
        now,
        exceptGroup: target?.groupKey ?? null,
        // The hold it replaces does not stand in its own way.
        exceptReservation: body.replacesReservationId,
        fresh: true,
      });
      const attempt: Attempt = {
        input: ctx.input,
        scheduleVersion: ctx.schedule.version,
        date,
        from: new Date(start),
        until: new Date(start + ctx.input.durationMinutes * MINUTE),
        items: ctx.items,
        target,
        replacesReservationId: body.replacesReservationId,
        userId: who.userId,
        clientKey: who.clientKey,
        reservationId: randomUUID(),
      };
      let candidates = desksForStart(ctx.input, start);
      let wait = false;
      // Every round either makes the hold or drops at least one desk (an all-locked round is followed by a
      // waiting one), so this ends after at most two rounds per desk.
      while (candidates.length > 0) {
        let lockedDesk: number | undefined;
        try {
          const outcome = await app.db
            .transaction(async (tx) => {
              const o = await attemptHold(app, tx, attempt, candidates, wait, now, (id) => (lockedDesk = id));
              if (o.kind !== 'held') throw new NoHold(o);
              return o;
            })
            .catch((err: unknown) => {
              if (err instanceof NoHold) return err.outcome;
              throw err;
            });
          if (outcome.kind === 'held') {
            noteBookingsChanged(app.db);
            const desk = ctx.schedule.desks.find((d) => d.id === outcome.deskId)!;
            return reservationOf(
              { ...attempt, createdAt: outcome.createdAt, validTill: outcome.validTill },
              itemViews(ctx.items, who.language),
              { id: desk.id, name: desk.name, location: desk.location },
              app.config,
            );
          }
          if (outcome.kind === 'too-many-holds') throw httpError('too_many_holds');
          // The next round's read sees the new version and loads the schedule again.
          if (outcome.kind === 'stale-schedule') continue rounds;
          if (outcome.kind === 'taken') {
            candidates = outcome.stillFree.filter((id) => id !== outcome.deskId);
            wait = false;
          } else {
            // Others hold every lock: those that are mid-booking may already have committed. Read once
            // without a lock and wait only for a desk that still looks free.
            candidates = fittingDesks(
              attempt,
              candidates,
              await dayBusy(app, app.db, attempt, candidates, now),
            );
            wait = true;
          }
        } catch (err) {
          if (sqlStateOf(err) !== SQLSTATE.exclusionViolation) throw err;
          candidates = candidates.filter((id) => id !== lockedDesk);
          wait = false;
        }
      }
      // Every read of this round began after `readBegan` and the last one found no desk left.
      if (question !== null) noteFull(app.db, question, readBegan);
      break;
    }
    throw httpError('timeslot_unavailable');
  });
}

/**
 * GET /appointment/reservation/{id}/extend: now + RESERVATION_MINUTES while the hold is still valid, but
 * never past createdDateTime + HOLD_MAX_MINUTES (DESIGN §6); after that moment `{ reservation: false }`.
 */
export async function extendReservation(
  app: FastifyInstance,
  reservationId: string,
  language: UiLanguage,
): Promise<ExtendResponse> {
  const now = new Date();
  const createdAt = sql`${appointments.createdAt}`;
  const [row] = await app.db
    .update(appointments)
    .set({ validTill: holdValidTill(app.config, createdAt, now.getTime()) })
    .where(
      and(
        eq(appointments.reservationId, reservationId),
        eq(appointments.status, 'reserved'),
        gt(appointments.validTill, now),
        // Also when HOLD_MAX_MINUTES was lowered since the hold was made.
        app.config.holdMaxMinutes > 0
          ? sql`${holdEnd(app.config, createdAt)} > ${now.toISOString()}::timestamptz`
          : undefined,
      ),
    )
    .returning();
  return row ? toReservation(app.db, row, app.config, language) : { reservation: false };
}
