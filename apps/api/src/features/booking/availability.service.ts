import {
  availableDays,
  BOOKING_WINDOW_MONTHS,
  bookingWindow,
  datesBetween,
  firstAvailableDay,
  formatZonedIso,
  localDay,
  qualifyingDesks,
  timeslots,
  type AvailabilityInput,
  type AvailableDaysRequest,
  type AvailableLocations,
  type AvailableLocationsRequest,
  type Timeslot,
  type TimeslotsRequest,
} from '@balie/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { validationError } from '../../http/errors.js';
import { answerLanguage } from '../../http/language.js';
import { changeTarget } from '../appointments/access.js';
import { toLocation } from '../locations/presenter.js';
import { busySnapshot } from './busy-snapshot.js';
import { resolveItems, type ResolvedItem } from './items.js';
import { sharedAnswer } from './shared-answers.js';
import { cachedSchedule, loadBusy, type Schedule } from './schedule.repository.js';

export interface AvailabilityContext {
  input: AvailabilityInput;
  schedule: Schedule;
  /** The requested items, resolved against `schedule`'s active products. */
  items: ResolvedItem[];
}

/**
 * A location asked for must be one of the schedule's ACTIVE locations: an unknown or inactive one is a
 * 400 naming `locationId`, as an unknown or inactive product names its item (decision 0334).
 */
function checkLocation(schedule: Schedule, locationId: number | undefined): void {
  if (locationId !== undefined && !schedule.locations.some((l) => l.id === locationId))
    throw validationError('locationId', 'object/not-found');
}

/**
 * The engine's input for local dates `first`…`last`: the schedule as the database holds it now (from
 * the cache when its version is current), the requested items resolved against ITS products (an unknown
 * or inactive product is a 400 naming the item) and the location checked against its locations, and the
 * bookings of those days in ONE query, never a query per day or per desk (issue 3 item 3). Questions
 * about a new appointment share this process's snapshot of the window's bookings (busy-snapshot.ts); a
 * change (its own slot counts as free), a replaced hold or `fresh` reads the bookings now. The engine
 * keeps to the desks that serve every item (and are in the location): the services only load.
 */
export async function availabilityContext(
  app: FastifyInstance,
  opts: {
    first: string;
    last: string;
    appointmentItems: AvailableDaysRequest['appointmentItems'];
    locationId?: number | undefined;
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
  const { items, durationMinutes } = resolveItems(schedule.products, opts.appointmentItems);
  checkLocation(schedule, opts.locationId);
  const busy = shared
    ? await busySnapshot(app.db, zone, window, opts.now)
    : await loadBusy(app.db, {
        from: new Date(localDay(zone, opts.first).start),
        until: new Date(localDay(zone, opts.last).end),
        now: new Date(opts.now),
        exceptGroup: opts.exceptGroup,
        exceptReservation: opts.exceptReservation,
      });
  return {
    schedule,
    items,
    input: {
      zone,
      now: opts.now,
      stepMinutes: app.config.slotStepMinutes,
      windowMonths: BOOKING_WINDOW_MONTHS,
      durationMinutes,
      productIds: items.map((i) => i.product.id),
      locationId: opts.locationId ?? null,
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
  // Nothing to ask about, but a bad item or location is still named.
  if (first > last) {
    const schedule = await cachedSchedule(app.db, window.first);
    resolveItems(schedule.products, body.appointmentItems);
    checkLocation(schedule, body.locationId);
    return [];
  }
  const ctx = await availabilityContext(app, {
    first,
    last,
    appointmentItems: body.appointmentItems,
    locationId: body.locationId,
    now,
    exceptGroup: target?.groupKey ?? null,
  });
  const compute = () => availableDays(ctx.input, datesBetween(first, last));
  // A change of an appointment reads its own bookings; a new one shares the snapshot and its answers.
  if (target) return compute();
  const { productIds, durationMinutes, locationId } = ctx.input;
  const question = `${productIds.join(',')}|${durationMinutes}|${locationId}|${first}|${last}|${Math.floor(now / 60_000)}`;
  return [...sharedAnswer(ctx.schedule, ctx.input.busy, question, compute)];
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
    locationId: body.locationId,
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

/**
 * POST /available-locations: every active location where one bookable desk serves all the items, in
 * location order, with the first day that has a free slot there (null when none in the window). One
 * schedule and one bookings read for all of them (the shared snapshot); the engine per location stops
 * at that location's first free day.
 */
export async function findAvailableLocations(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  body: AvailableLocationsRequest,
): Promise<AvailableLocations> {
  const now = Date.now();
  const window = bookingWindow(now, app.config.providerTimezone, BOOKING_WINDOW_MONTHS);
  const ctx = await availabilityContext(app, {
    first: window.first,
    last: window.last,
    appointmentItems: body.appointmentItems,
    now,
    exceptGroup: null,
  });
  const language = answerLanguage(request, reply);
  const dates = datesBetween(window.first, window.last);
  return ctx.schedule.locations
    .filter((l) => qualifyingDesks({ ...ctx.input, locationId: l.id }).length > 0)
    .map((l) => ({
      location: toLocation({ ...l, active: true }, language),
      firstAvailableDate: firstAvailableDay({ ...ctx.input, locationId: l.id }, dates),
    }));
}
