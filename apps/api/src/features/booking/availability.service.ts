import {
  availableDays,
  BOOKING_WINDOW_MONTHS,
  bookingWindow,
  datesBetween,
  formatZonedIso,
  localDay,
  timeslots,
  type AvailabilityInput,
  type AvailableDaysRequest,
  type Timeslot,
  type TimeslotsRequest,
} from '@balie/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { validationError } from '../../http/errors.js';
import { changeTarget } from '../appointments/access.js';
import { busySnapshot } from './busy-snapshot.js';
import { resolveItems, type ResolvedItem } from './items.js';
import { cachedSchedule, loadBusy, type Schedule } from './schedule.repository.js';

export interface AvailabilityContext {
  input: AvailabilityInput;
  schedule: Schedule;
  /** The requested items, resolved against `schedule`'s active products. */
  items: ResolvedItem[];
}

/**
 * The engine's input for local dates `first`…`last`: the schedule as the database holds it now (from
 * the cache when its version is current), the requested items resolved against ITS products (an unknown
 * or inactive product is a 400 naming the item), and the bookings of those days in ONE query, never a
 * query per day or per desk (issue 3 item 3). Questions about a new appointment share this process's
 * snapshot of the window's bookings (busy-snapshot.ts); a change (its own slot counts as free), a
 * replaced hold or `fresh` reads the bookings now.
 */
export async function availabilityContext(
  app: FastifyInstance,
  opts: {
    first: string;
    last: string;
    appointmentItems: AvailableDaysRequest['appointmentItems'];
    now: number;
    exceptGroup: string | null;
    exceptReservation?: string | undefined;
    fresh?: boolean;
  },
): Promise<AvailabilityContext> {
  const zone = app.config.providerTimezone;
  const window = bookingWindow(opts.now, zone, BOOKING_WINDOW_MONTHS);
  const shared = !opts.fresh && !opts.exceptGroup && !opts.exceptReservation;
  const schedule = await cachedSchedule(app.db, window.first);
  const busy = shared
    ? await busySnapshot(app.db, zone, window, opts.now)
    : await loadBusy(app.db, {
        from: new Date(localDay(zone, opts.first).start),
        until: new Date(localDay(zone, opts.last).end),
        now: new Date(opts.now),
        exceptGroup: opts.exceptGroup,
        exceptReservation: opts.exceptReservation,
      });
  const { items, durationMinutes } = resolveItems(schedule.products, opts.appointmentItems);
  return {
    schedule,
    items,
    input: {
      zone,
      now: opts.now,
      stepMinutes: app.config.slotStepMinutes,
      windowMonths: BOOKING_WINDOW_MONTHS,
      durationMinutes,
      desks: schedule.desks,
      closures: schedule.closures,
      busy,
    },
  };
}

/** POST /available-days: the dates between from and until (clamped to the window) with a free slot. */
export async function findAvailableDays(
  app: FastifyInstance,
  request: FastifyRequest,
  body: AvailableDaysRequest,
): Promise<string[]> {
  if (body.from && body.until && body.from > body.until) throw validationError('until', 'before_from');
  const now = Date.now();
  const target = await changeTarget(app.db, request, app.config, body);
  const window = bookingWindow(now, app.config.providerTimezone, BOOKING_WINDOW_MONTHS);
  const first = body.from && body.from > window.first ? body.from : window.first;
  const last = body.until && body.until < window.last ? body.until : window.last;
  // Nothing to ask about, but a bad item is still named.
  if (first > last) {
    resolveItems((await cachedSchedule(app.db, window.first)).products, body.appointmentItems);
    return [];
  }
  const ctx = await availabilityContext(app, {
    first,
    last,
    appointmentItems: body.appointmentItems,
    now,
    exceptGroup: target?.groupKey ?? null,
  });
  return availableDays(ctx.input, datesBetween(first, last));
}

/** POST /timeslots: the slots of one date, each with the desk the server would choose. */
export async function findTimeslots(
  app: FastifyInstance,
  request: FastifyRequest,
  body: TimeslotsRequest,
): Promise<Timeslot[]> {
  const now = Date.now();
  const target = await changeTarget(app.db, request, app.config, body);
  const ctx = await availabilityContext(app, {
    first: body.date,
    last: body.date,
    appointmentItems: body.appointmentItems,
    now,
    exceptGroup: target?.groupKey ?? null,
  });
  const zone = app.config.providerTimezone;
  const [day] = timeslots(ctx.input, [body.date]);
  return (day?.slots ?? []).map((slot) => {
    const desk = ctx.schedule.desks.find((d) => d.id === slot.deskId)!;
    return {
      beginTime: formatZonedIso(slot.begin, zone),
      endTime: formatZonedIso(slot.end, zone),
      desk: { id: desk.id, name: desk.name, location: desk.location },
    };
  });
}
