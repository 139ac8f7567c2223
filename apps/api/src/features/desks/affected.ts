import { emitAppointmentEvent } from '../webhooks/events.js';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import {
  BOOKING_WINDOW_MONTHS,
  desksForInterval,
  localDateOf,
  localDay,
  parseHm,
  servesAll,
  type AffectedAppointmentsDecision,
  type AvailabilityInput,
  type BusyInterval,
} from '@balie/shared';
import type { FastifyInstance } from 'fastify';
import type { Actor } from '../../audit/actor.js';
import { recordAudit } from '../../audit/audit.js';
import { queryRows, type Tx } from '../../db/client.js';
import { appointmentItems, appointments, closures, desks, locations } from '../../db/schema/index.js';
import { httpError } from '../../http/errors.js';
import { enqueueMail } from '../../mail/outbox.js';
import { noteBookingsChanged } from '../appointments/booking-changes.js';
import { deskDayLockKey } from '../booking/reservations.service.js';
import {
  loadBusy,
  loadSchedule,
  noteScheduleChanged,
  type BookableDesk,
  type Schedule,
} from '../booking/schedule.repository.js';
import { APPOINTMENT_MAIL } from '../appointments/mail-templates/kinds.js';
import { toAppointment } from '../appointments/presenter.js';
import { deleteChangeHolds, viewsOf, type AppointmentRow } from '../appointments/repository.js';
import { SQLSTATE, sqlStateOf } from '../../db/errors.js';

const MINUTE = 60_000;
const NO_OVERFLOW = { morning: 0, afternoon: 0, evening: 0 };

/**
 * Why appointments left the schedule: the audit trail records it and the cancellation mail names it
 * (mail-templates, `reasons`; decision 0333).
 */
export type ScheduleChangeCause =
  | 'closure'
  | 'hours'
  | 'desk_inactive'
  | 'desk_deleted'
  | 'location_inactive'
  | 'desk_moved'
  | 'product_not_served';

export interface ScheduleChange {
  /**
   * The desks whose bookings the change may strand; null for every desk (a closure of every desk), none
   * for a change that strands nobody (nothing is read then).
   */
  deskIds: number[] | null;
  /** Only bookings overlapping these local dates can be stranded (closures of those dates). */
  dates?: readonly string[];
  /** A desk being deleted: it takes nobody, and everything on it is stranded. */
  removedDeskId?: number;
  decision: AffectedAppointmentsDecision | undefined;
  actor: Actor;
}

export interface SettledAppointments {
  kept: number[];
  reassigned: Array<{ id: number; fromDeskId: number; toDeskId: number }>;
  cancelled: number[];
  releasedHolds: number;
}

/** What a change's audit event says of the appointments it settled (nothing when it moved none). */
export function settledForAudit(decision: string | undefined, settled: SettledAppointments) {
  const moved = settled.kept.length + settled.reassigned.length + settled.cancelled.length;
  return moved > 0 ? { affectedAppointments: decision, ...settled } : {};
}

/**
 * Runs a schedule change (desks, closures, locations) in one transaction that first raises the schedule
 * version (which also queues concurrent schedule changes); every process's next request sees the new
 * version (decision 0323).
 */
export async function scheduleTransaction<T>(
  app: FastifyInstance,
  work: (tx: Tx) => Promise<{ value: T; settled?: SettledAppointments }>,
): Promise<T> {
  const { value, settled } = await app.db.transaction(async (tx) => {
    await noteScheduleChanged(tx);
    return work(tx);
  });
  if (settled && (settled.reassigned.length || settled.cancelled.length || settled.releasedHolds))
    noteBookingsChanged(app.db);
  return value;
}

/** The schedule in force, read in the change's transaction before it writes anything. */
export function scheduleBeforeChange(app: FastifyInstance, tx: Tx): Promise<Schedule> {
  return loadSchedule(tx, localDateOf(Date.now(), app.config.providerTimezone));
}

/**
 * Call after the change is written, inside its transaction, with the schedule from before it: decides
 * what happens to the bookings the change newly leaves outside the schedule. Ones that were outside
 * already (kept by an earlier decision) are not asked about again, except on a desk being deleted.
 */
export async function settleAffectedAppointments(
  app: FastifyInstance,
  tx: Tx,
  before: Schedule,
  change: ScheduleChange,
): Promise<SettledAppointments> {
  if (change.deskIds?.length === 0) return { kept: [], reassigned: [], cancelled: [], releasedHolds: 0 };
  const now = Date.now();
  const zone = app.config.providerTimezone;
  const loaded = await loadSchedule(tx, localDateOf(now, zone));
  const schedule: Schedule = {
    ...loaded,
    desks: loaded.desks.filter((d) => d.id !== change.removedDeskId),
  };
  const minutesOf = (r: AppointmentRow) =>
    Math.round((r.during.until.getTime() - r.during.from.getTime()) / MINUTE);
  /** The engine's question for `r`: its duration and products, on `desks` of the schedule after the change. */
  const input = (r: AppointmentRow, desks: readonly BookableDesk[]): AvailabilityInput => ({
    zone,
    now,
    stepMinutes: app.config.slotStepMinutes,
    windowMonths: BOOKING_WINDOW_MONTHS,
    durationMinutes: minutesOf(r),
    productIds: productsOf(r),
    desks,
    closures: schedule.closures,
    busy: [],
  });
  /**
   * Where the visitor was told to go: the location of the appointment's desk before the change. A desk
   * moved to another building strands its appointments as a closure would (decision 0333). An inactive
   * desk being deleted is not in that schedule: its own location then (`reassign` stays there, 0422).
   */
  const removedLocation =
    change.removedDeskId === undefined
      ? null
      : ((
          await tx
            .select({ locationId: desks.locationId })
            .from(desks)
            .where(eq(desks.id, change.removedDeskId))
        )[0]?.locationId ?? null);
  const locationOf = (r: AppointmentRow) =>
    before.desks.find((d) => d.id === r.deskId)?.locationId ??
    (r.deskId === change.removedDeskId ? removedLocation : null);
  /**
   * Inside its desk's hours, clear of closures, on a desk that serves every item, in the location the
   * visitor was told; quotas do not count (the booking was allowed when made).
   */
  const insideOf = (s: Schedule, r: AppointmentRow) => {
    const desk = s.desks.find((d) => d.id === r.deskId);
    if (!desk) return false;
    const open = { ...desk, overflow: NO_OVERFLOW, overflowPeriods: [] };
    const question = { ...input(r, [open]), closures: s.closures, locationId: locationOf(r) };
    return desksForInterval(question, r.during.from.getTime()).length > 0;
  };

  const scope = change.deskIds === null ? [] : [inArray(appointments.deskId, change.deskIds)];
  if (change.dates) {
    // One array parameter of day ranges however many days (a year of closures is 366).
    const ranges = change.dates.map((date) => {
      const day = localDay(zone, date);
      return `"[${new Date(day.start).toISOString()},${new Date(day.end).toISOString()})"`;
    });
    scope.push(sql`${appointments.during} && ANY(${`{${ranges.join(',')}}`}::tstzrange[])`);
  }
  const at = new Date(now).toISOString();
  // Confirmed appointments still to start, and holds still valid: locked, so nobody moves them meanwhile.
  const upcoming = await tx
    .select()
    .from(appointments)
    .where(
      and(
        sql`((${appointments.status} = 'confirmed' AND lower(${appointments.during}) > ${at}::timestamptz)
          OR (${appointments.status} = 'reserved' AND ${appointments.validTill} > ${at}::timestamptz))`,
        ...scope,
      ),
    )
    .orderBy(asc(appointments.id))
    .for('update');
  const items =
    upcoming.length === 0
      ? []
      : await tx
          .select({ appointmentId: appointmentItems.appointmentId, productId: appointmentItems.productId })
          .from(appointmentItems)
          // One array parameter however many there are.
          .where(
            sql`${appointmentItems.appointmentId} = ANY(${`{${upcoming.map((r) => r.id).join(',')}}`}::int[])`,
          );
  // Grouped once: a location's deactivation may look at thousands of appointments.
  const productsById = new Map<number, number[]>();
  for (const i of items)
    productsById.set(i.appointmentId, [...(productsById.get(i.appointmentId) ?? []), i.productId]);
  const productsOf = (r: AppointmentRow) => productsById.get(r.id) ?? [];
  const outside = upcoming.filter((r) => !insideOf(schedule, r));
  // Holds (a visitor still choosing, or a pending change) in what is no longer open are released: the
  // visitor's confirm then answers reservation_expired and they choose again (decision 0151).
  const holds = outside.filter((r) => r.status === 'reserved').map((r) => r.id);
  if (holds.length > 0) await tx.delete(appointments).where(inArray(appointments.id, holds));
  const stranded = outside.filter(
    (r) =>
      r.status === 'confirmed' &&
      r.during.from.getTime() > now &&
      (r.deskId === change.removedDeskId || insideOf(before, r)),
  );
  const settled: SettledAppointments = {
    kept: [],
    reassigned: [],
    cancelled: [],
    releasedHolds: holds.length,
  };
  if (stranded.length === 0) return settled;

  if (change.decision === undefined) {
    const views = await viewsOf(tx, stranded);
    const error = httpError('appointments_affected');
    error.extra = {
      appointments: views.map((v) => toAppointment(v, app.config, { staff: true })),
      reassignment: await forecast(app, tx, stranded, schedule, locationOf, input),
    };
    throw error;
  }
  if (change.decision === 'keep') {
    settled.kept = stranded.map((r) => r.id);
    return settled;
  }

  const causeOf = await causes(tx, zone, schedule, change, stranded, { locationOf, productsOf });
  for (const row of stranded) {
    const { cause, reason } = causeOf(row);
    const toDeskId = await reassign(app, tx, row, schedule, (desks) => input(row, desks), {
      locationId: locationOf(row),
      anywhere: change.decision === 'reassign_anywhere',
    });
    const audit = {
      actorUserId: change.actor.userId,
      ip: change.actor.ip,
      subjectType: 'appointment' as const,
      subjectId: row.id,
    };
    if (toDeskId !== null) {
      // The mail says whether the visitor goes to another building (leading with its address) or only to
      // another desk of the same one, and why (decision 0422).
      const elsewhere = schedule.desks.find((d) => d.id === toDeskId)?.locationId !== locationOf(row);
      await enqueueMail(tx, APPOINTMENT_MAIL.change, {
        appointmentId: row.id,
        reassigned: elsewhere ? 'location' : 'desk',
        cause,
        ...(reason ? { reason } : {}),
      });
      await recordAudit(tx, {
        ...audit,
        action: 'appointment_reassigned',
        details: { cause, changes: { deskId: { before: row.deskId, after: toDeskId } } },
      });
      await emitAppointmentEvent(tx, app.config, 'nl.balie.appointment.changed', row.id);
      settled.reassigned.push({ id: row.id, fromDeskId: row.deskId, toDeskId });
      continue;
    }
    await deleteChangeHolds(tx, row.id);
    await tx
      .update(appointments)
      .set({ status: 'cancelled', cancelledAt: new Date(now), sequence: row.sequence + 1 })
      .where(eq(appointments.id, row.id));
    await enqueueMail(tx, APPOINTMENT_MAIL.scheduleCancellation, {
      appointmentId: row.id,
      cause,
      ...(reason ? { reason } : {}),
    });
    await recordAudit(tx, {
      ...audit,
      action: 'appointment_cancelled',
      details: {
        cause,
        ...(reason ? { reason } : {}),
        changes: { status: { before: 'confirmed', after: 'cancelled' } },
      },
    });
    await emitAppointmentEvent(tx, app.config, 'nl.balie.appointment.cancelled', row.id);
    settled.cancelled.push(row.id);
  }
  return settled;
}

/**
 * Why each stranded appointment left the schedule, for the audit trail and its cancellation mail: its
 * desk deleted or deactivated, its location deactivated, its desk moved to another location or no longer
 * serving one of its products, a closure over it (with the closure's reason), or else changed opening
 * hours.
 */
async function causes(
  tx: Tx,
  zone: string,
  schedule: Schedule,
  change: ScheduleChange,
  stranded: readonly AppointmentRow[],
  appointment: {
    locationOf: (r: AppointmentRow) => number | null;
    productsOf: (r: AppointmentRow) => number[];
  },
): Promise<(row: AppointmentRow) => { cause: ScheduleChangeCause; reason: string | null }> {
  const dates = [...new Set(stranded.map((r) => localDateOf(r.during.from.getTime(), zone)))];
  const rows = await tx.select().from(closures).where(inArray(closures.date, dates));
  const deskRows = await tx
    .select({ id: desks.id, active: desks.active, locationActive: locations.active })
    .from(desks)
    .innerJoin(locations, eq(locations.id, desks.locationId))
    .where(inArray(desks.id, [...new Set(stranded.map((r) => r.deskId))]));
  return (row) => {
    if (row.deskId === change.removedDeskId) return { cause: 'desk_deleted', reason: null };
    const desk = schedule.desks.find((d) => d.id === row.deskId);
    if (!desk) {
      const state = deskRows.find((d) => d.id === row.deskId);
      return {
        cause: state?.active && !state.locationActive ? 'location_inactive' : 'desk_inactive',
        reason: null,
      };
    }
    const location = appointment.locationOf(row);
    if (location !== null && desk.locationId !== location) return { cause: 'desk_moved', reason: null };
    if (!servesAll(desk, appointment.productsOf(row))) return { cause: 'product_not_served', reason: null };
    const day = localDay(zone, localDateOf(row.during.from.getTime(), zone));
    const closure = rows.find((c) => {
      if (c.date !== day.date) return false;
      if (
        c.deskId !== null
          ? c.deskId !== row.deskId
          : c.locationId !== null && c.locationId !== desk.locationId
      )
        return false;
      if (c.type === 'whole_day' || !c.fromTime || !c.untilTime) return true;
      const from = day.at(parseHm(c.fromTime.slice(0, 5)));
      const until = day.at(parseHm(c.untilTime.slice(0, 5)));
      return from < row.during.until.getTime() && row.during.from.getTime() < until;
    });
    return closure ? { cause: 'closure', reason: closure.reason } : { cause: 'hours', reason: null };
  };
}

/**
 * The desks that could take `row` as the engine sees `busy`, most preferred first: desks of the location
 * the visitor was told (`where.locationId`), then — only when `where.anywhere` — those of other locations,
 * each group in the usual order of preference (decisions 0333, 0422).
 */
function candidatesFor(
  row: AppointmentRow,
  schedule: Schedule,
  input: (desks: readonly BookableDesk[]) => AvailabilityInput,
  busy: AvailabilityInput['busy'],
  where: { locationId: number | null; anywhere: boolean },
): number[] {
  const others = schedule.desks.filter((d) => d.id !== row.deskId);
  // The engine keeps to desks that serve every item.
  const fitting = desksForInterval({ ...input(others), busy }, row.during.from.getTime());
  const here = (id: number) =>
    where.locationId !== null && others.find((d) => d.id === id)?.locationId === where.locationId;
  return [...fitting.filter(here), ...(where.anywhere ? fitting.filter((id) => !here(id)) : [])];
}

/**
 * What the 409 tells the dialog (decision 0422): per stranded appointment whether a desk of its own
 * location is free for it, else the location `reassign_anywhere` would send it to. Taken in the order a
 * reassignment would take them, each placed one occupying its new desk for the ones after it; no locks,
 * so only a forecast: the admin's choice is decided again, under locks, when it comes.
 */
async function forecast(
  app: FastifyInstance,
  tx: Tx,
  stranded: readonly AppointmentRow[],
  schedule: Schedule,
  locationOf: (r: AppointmentRow) => number | null,
  input: (r: AppointmentRow, desks: readonly BookableDesk[]) => AvailabilityInput,
) {
  const zone = app.config.providerTimezone;
  const placed: BusyInterval[] = [];
  const answer = [];
  for (const row of stranded) {
    const day = localDay(zone, localDateOf(row.during.from.getTime(), zone));
    const busy = await loadBusy(tx, {
      from: new Date(day.start),
      until: new Date(day.end),
      now: new Date(input(row, []).now),
      exceptGroup: row.groupKey,
    });
    const locationId = locationOf(row);
    const [deskId] = candidatesFor(row, schedule, (d) => input(row, d), [...busy, ...placed], {
      locationId,
      anywhere: true,
    });
    const desk = schedule.desks.find((d) => d.id === deskId);
    if (desk)
      placed.push({ deskId: desk.id, start: row.during.from.getTime(), end: row.during.until.getTime() });
    const other =
      desk && desk.locationId !== locationId
        ? schedule.locations.find((l) => l.id === desk.locationId)
        : null;
    answer.push({
      appointmentId: row.id,
      sameLocation: !!desk && desk.locationId === locationId,
      otherLocation: other
        ? { id: other.id, name: other.name, street: other.street, postcode: other.postcode, city: other.city }
        : null,
    });
  }
  return answer;
}

/**
 * Moves one appointment, same interval, to another bookable desk (active, in an active location) that
 * serves every item and is open and free for it within its quota: desks of the location where the visitor
 * was told to go, and only with `where.anywhere` then the others (`candidatesFor`), each rechecked under
 * its desk-day lock (the lock bookings take), the exclusion constraint having the last word (a savepoint
 * keeps a violation from aborting the rest). Returns the new desk, or null when no desk can take it.
 */
async function reassign(
  app: FastifyInstance,
  tx: Tx,
  row: AppointmentRow,
  schedule: Schedule,
  input: (desks: readonly BookableDesk[]) => AvailabilityInput,
  where: { locationId: number | null; anywhere: boolean },
): Promise<number | null> {
  const zone = app.config.providerTimezone;
  const start = row.during.from.getTime();
  const date = localDateOf(start, zone);
  const day = localDay(zone, date);
  const others = schedule.desks.filter((d) => d.id !== row.deskId);
  const busyOf = (deskIds?: number[]) =>
    loadBusy(tx, {
      from: new Date(day.start),
      until: new Date(day.end),
      now: new Date(input([]).now),
      exceptGroup: row.groupKey,
      ...(deskIds ? { deskIds } : {}),
    });
  const candidates = candidatesFor(row, schedule, input, await busyOf(), where);
  for (const deskId of candidates) {
    await queryRows(tx, sql`SELECT pg_advisory_xact_lock(${deskDayLockKey(deskId, date)}::bigint)`);
    const desk = others.filter((d) => d.id === deskId);
    // Whoever held the lock before has committed: read that desk's day again.
    if (desksForInterval({ ...input(desk), busy: await busyOf([deskId]) }, start).length === 0) continue;
    try {
      await tx.transaction(async (sp) => {
        // Expired holds still count for the exclusion constraint until they are deleted.
        await sp.execute(
          sql`DELETE FROM appointments WHERE desk_id = ${deskId} AND status = 'reserved'
                 AND valid_till <= ${new Date(input([]).now).toISOString()}::timestamptz
                 AND during && tstzrange(${row.during.from.toISOString()}::timestamptz, ${row.during.until.toISOString()}::timestamptz)`,
        );
        await sp
          .update(appointments)
          .set({ deskId, sequence: row.sequence + 1 })
          .where(eq(appointments.id, row.id));
      });
      return deskId;
    } catch (err) {
      if (sqlStateOf(err) !== SQLSTATE.exclusionViolation) throw err;
    }
  }
  return null;
}
