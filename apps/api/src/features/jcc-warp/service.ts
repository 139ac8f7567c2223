import { createHash } from 'node:crypto';
import { DateTime } from 'luxon';
import {
  addDays,
  availableDaysRequestSchema,
  BOOKING_WINDOW_MONTHS,
  bookingWindow,
  formatZonedIso,
  makeReservationRequestSchema,
  personalDataSchema,
  qualifyingDesks,
  timeslotsRequestSchema,
  type AppointmentItemInput,
} from '@balie/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { currentClient } from '../../http/auth.js';
import { HttpError, httpError, validationError } from '../../http/errors.js';
import { deriveToken } from '../../security/tokens.js';
import { findAppointment, viewOf } from '../appointments/repository.js';
import { cancelAppointment, confirmReservationRow } from '../appointments/service.js';
import { findAvailableDays, findTimeslots } from '../booking/availability.service.js';
import { resolveItems } from '../booking/items.js';
import { listProducts } from '../booking/products.repository.js';
import { makeReservation } from '../booking/reservations.service.js';
import { cachedSchedule, type Schedule } from '../booking/schedule.repository.js';
import {
  failure,
  FAILURE,
  jccLanguage,
  jccLocalTime,
  success,
  toActivity,
  toJccLocation,
} from './presenter.js';
import { appointmentIdOf, claimKey, findClaim, releaseClaim, settleClaim } from './repository.js';
import type {
  Acknowledgement,
  additionalQuery,
  availableTimesQuery,
  customerFieldsSchema,
  durationQuery,
  existingAppointmentSchema,
  JccCreateAppointment,
  JccCustomer,
} from './schemas.js';

/**
 * The JCC-compatible API over Balie's own booking services (DESIGN §4c, decision 0480): every question
 * is put to the functions behind POST /available-days, /timeslots, /appointment/make-reservation and
 * /appointment, with the same body those routes validate. There is no second way to book.
 */

/** A translated request checked by the same schema its Balie route uses; a failure names the JCC field. */
function asBody<T extends z.ZodType>(schema: T, value: unknown, jccField: string): z.infer<T> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw validationError(jccField, parsed.error.issues[0]?.message ?? 'invalid');
  return parsed.data;
}

async function scheduleNow(app: FastifyInstance): Promise<Schedule> {
  const window = bookingWindow(Date.now(), app.config.providerTimezone, BOOKING_WINDOW_MONTHS);
  return cachedSchedule(app.db, window.first);
}

/** Whether one bookable desk (in the location, if given) serves all of `productIds`, as the page asks. */
const servedTogether = (schedule: Schedule, productIds: number[], locationId?: number) =>
  qualifyingDesks({ desks: schedule.desks, productIds, locationId: locationId ?? null }).length > 0;

function checkLocation(schedule: Schedule, locationId: number | undefined): void {
  if (locationId !== undefined && !schedule.locations.some((l) => l.id === locationId))
    throw validationError('locationId', 'object/not-found');
}

/** GET activity/listforappointment and …/additional: the active products a desk serves (with those chosen). */
export async function listActivities(
  app: FastifyInstance,
  request: FastifyRequest,
  query: { locationId?: number | undefined; selected?: number[]; includeSelected?: boolean | undefined },
) {
  const language = jccLanguage(request);
  const schedule = await scheduleNow(app);
  checkLocation(schedule, query.locationId);
  const selected = query.selected ?? [];
  for (const [index, id] of selected.entries())
    if (!schedule.products.some((p) => p.id === id))
      throw validationError(`selectedActivityId.${index}`, 'object/not-found');
  const descriptions = new Map(
    (await listProducts(app.db, { includeInactive: false, language })).map((p) => [p.id, p.description]),
  );
  return [...schedule.products]
    .sort((a, b) => a.position - b.position || a.id - b.id)
    .filter((p) => (query.includeSelected ? true : !selected.includes(p.id)))
    .filter((p) => servedTogether(schedule, [...new Set([...selected, p.id])], query.locationId))
    .map((p) => toActivity({ ...p, description: descriptions.get(p.id) ?? '' }, language));
}

export const additionalActivities = (
  app: FastifyInstance,
  request: FastifyRequest,
  q: z.infer<typeof additionalQuery>,
) =>
  listActivities(app, request, {
    locationId: q.locationId,
    selected: q.selectedActivityId,
    includeSelected: q.includeSelectedActivities,
  });

/** GET location and location/forappointment: the active locations (where one desk serves all chosen). */
export async function listLocations(app: FastifyInstance, selected?: number[]) {
  const schedule = await scheduleNow(app);
  if (selected) resolveIds(schedule, selected, 'selectedActivityId');
  return schedule.locations
    .map((l, index) => ({ l, isDefault: index === 0 }))
    .filter(({ l }) => !selected || servedTogether(schedule, selected, l.id))
    .map(({ l, isDefault }) => toJccLocation(l, isDefault));
}

/** GET location/{id}: one active location, 404 for any other. */
export async function oneLocation(app: FastifyInstance, id: number) {
  const schedule = await scheduleNow(app);
  const index = schedule.locations.findIndex((l) => l.id === id);
  if (index < 0) throw httpError('not_found');
  return toJccLocation(schedule.locations[index]!, index === 0);
}

function resolveIds(schedule: Schedule, ids: number[], field: string): void {
  for (const [index, id] of ids.entries())
    if (!schedule.products.some((p) => p.id === id))
      throw validationError(`${field}.${index}`, 'object/not-found');
}

/** GET activity/appointmentdaterange: Balie's booking window, as local midnights. */
export async function dateRange(app: FastifyInstance, activityIds: number[]) {
  resolveIds(await scheduleNow(app), activityIds, 'activityId');
  const window = bookingWindow(Date.now(), app.config.providerTimezone, BOOKING_WINDOW_MONTHS);
  return { minDate: `${window.first}T00:00:00`, maxDate: `${window.last}T00:00:00` };
}

const itemsOf = (q: { activityId: number[]; amount: number[] }): AppointmentItemInput[] =>
  q.activityId.map((productId, i) => ({ productId, amount: q.amount[i]! }));

/** The duration in minutes of activities with amounts, as a booking of them takes (DESIGN §4). */
async function durationMinutes(app: FastifyInstance, items: AppointmentItemInput[]): Promise<number> {
  const checked = asBody(timeslotsRequestSchema.shape.appointmentItems, items, 'activityId');
  try {
    return resolveItems((await scheduleNow(app)).products, checked).durationMinutes;
  } catch (error) {
    throw jccFieldError(error);
  }
}

/** Balie names an item (`appointmentItems.0.amount`); the JCC caller sent `amount`/`activityId`. */
function jccFieldError(error: unknown): unknown {
  if (!(error instanceof HttpError) || error.code !== 'validation_failed') return error;
  const first = error.errors?.[0];
  if (!first) return error;
  const m = /^appointmentItems\.(\d+)\.(productId|amount)$/.exec(first.property);
  if (!m) return error;
  return validationError(`${m[2] === 'amount' ? 'amount' : 'activityId'}.${m[1]}`, first.message);
}

/** GET appointment/calculateduration: minutes, a bare JSON number as JCC answers. */
export async function calculateDuration(app: FastifyInstance, q: z.infer<typeof durationQuery>) {
  return durationMinutes(app, itemsOf(q));
}

/**
 * GET appointment/availabletimelist: every free start from `fromDate` up to (not including) `toDate`
 * (decision 0482), found as the booking page finds them: the days of POST /available-days, then each
 * day's POST /timeslots, for the same items, amounts and location.
 */
export async function availableTimes(
  app: FastifyInstance,
  request: FastifyRequest,
  q: z.infer<typeof availableTimesQuery>,
) {
  const appointmentItems = itemsOf(q);
  const minutes = await durationMinutes(app, appointmentItems);
  const zone = app.config.providerTimezone;
  const list: string[] = [];
  if (q.toDate > q.fromDate) {
    try {
      const body = asBody(
        availableDaysRequestSchema,
        { appointmentItems, locationId: q.locationId, from: q.fromDate, until: addDays(q.toDate, -1) },
        'activityId',
      );
      for (const date of await findAvailableDays(app, request, body)) {
        const slots = await findTimeslots(app, request, {
          appointmentItems: body.appointmentItems,
          locationId: q.locationId,
          date,
        });
        for (const slot of slots) list.push(jccLocalTime(formatZonedIso(Date.parse(slot.beginTime), zone)));
      }
    } catch (error) {
      throw jccFieldError(error);
    }
  }
  return { availableTimesList: [...new Set(list)].sort(), appointmentDuration: minutes * 60 };
}

/**
 * GET customer/customerfields/required: what Balie asks of every visitor (DESIGN §4): last name (Open
 * Forms always asks it), e-mail and phone required, initials and the name prefix offered, the rest of
 * JCC's fields hidden (0 visible, 1 hidden, 2 required). The same for every activity.
 */
export const REQUIRED_CUSTOMER_FIELDS: z.infer<typeof customerFieldsSchema> = {
  auditId: 'balie-customer-fields',
  gender: 1,
  firstName: 1,
  initials: 0,
  areFirstNameOrInitialsRequired: false,
  lastNamePrefix: 0,
  birthDate: 1,
  socialSecurityNumber: 1,
  nationality: 1,
  language: 1,
  emailAddress: 2,
  mainPhoneNumber: 2,
  mobilePhoneNumber: 1,
  isAnyPhoneNumberRequired: false,
  streetName: 1,
  houseNumber: 1,
  houseNumberSuffix: 1,
  postalCode: 1,
  city: 1,
  country: 1,
  isDefault: true,
};

export async function requiredCustomerFields(app: FastifyInstance, selected: number[]) {
  resolveIds(await scheduleNow(app), selected, 'selectedActivityId');
  return REQUIRED_CUSTOMER_FIELDS;
}

/** A start with an offset, or without one in PROVIDER_TIMEZONE; NaN when it is no date-time. */
function startOf(value: string, zone: string): number {
  const parsed = DateTime.fromISO(value, { zone, setZone: false });
  return parsed.isValid ? parsed.toMillis() : Number.NaN;
}

const JCC_FIELD: Record<string, string> = {
  lastName: 'lastName',
  email: 'emailAddress',
  phone: 'phoneNumber',
  initials: 'initials',
  suffix: 'lastNamePrefix',
};

function personalOf(customer: JccCustomer) {
  return {
    lastName: customer.lastName ?? '',
    email: customer.emailAddress ?? '',
    phone: customer.phoneNumber || customer.mobilePhoneNumber || '',
    initials: customer.initials ?? '',
    suffix: customer.lastNamePrefix ?? '',
  };
}

/** What makes two creates the same create (DESIGN §4c): activities with amounts, location, start, visitor. */
function requestKeyOf(
  items: AppointmentItemInput[],
  locationId: number,
  start: number,
  person: ReturnType<typeof personalOf>,
) {
  const canonical = JSON.stringify({
    items: [...items].sort((a, b) => a.productId - b.productId),
    locationId,
    start,
    person: { ...person, email: person.email.trim().toLowerCase() },
  });
  return createHash('sha256').update(canonical).digest('base64url');
}

/** How long a repeated create waits for the first one to finish before answering "try again". */
const WAIT_FOR_FIRST_MS = 30_000;
const WAIT_STEP_MS = 100;

/**
 * POST appointment: a hold through make-reservation and its confirm through POST /appointment's service,
 * as the client (channel 'integration', audited as it, mailed per its setting). Safe to retry (decision
 * 0480): the create first claims its key in integration_bookings (unique per client); a repeat within the
 * hour answers the first one's id, waiting while the first is still booking.
 */
export async function createAppointment(
  app: FastifyInstance,
  request: FastifyRequest,
  body: JccCreateAppointment,
): Promise<Acknowledgement> {
  const client = currentClient(request);
  const zone = app.config.providerTimezone;
  const start = startOf(body.fromDateTime, zone);
  if (Number.isNaN(start)) throw validationError('fromDateTime', 'invalid_datetime');
  const items = body.activityList.map((a) => ({ productId: a.activityId, amount: a.amount }));
  const customer = body.customerList.find((c) => c.isMainCustomer) ?? body.customerList[0]!;
  const person = personalOf(customer);
  const checked = personalDataSchema.safeParse(person);
  if (!checked.success) {
    const fields = checked.error.issues.map(
      (i) => `${JCC_FIELD[String(i.path[0])] ?? String(i.path[0])}: ${i.message}`,
    );
    return failure(FAILURE.invalidCustomer, 'The customer details are incomplete or invalid', fields);
  }
  const key = requestKeyOf(items, body.locationId, start, person);
  const deadline = Date.now() + WAIT_FOR_FIRST_MS;
  let claimId = await claimKey(app.db, client.id, key, new Date());
  while (!claimId) {
    const first = await findClaim(app.db, client.id, key);
    if (first?.appointmentId) return success(first.id);
    if (Date.now() > deadline)
      return failure(FAILURE.busy, 'The same appointment is still being booked; try again');
    // Waits for the first create's state in the database (any process), then claims if it gave up.
    await new Promise((resolve) => setTimeout(resolve, WAIT_STEP_MS));
    if (!first) claimId = await claimKey(app.db, client.id, key, new Date());
  }
  try {
    const hold = asBody(
      makeReservationRequestSchema,
      { appointmentItems: items, fromDateTime: formatZonedIso(start, zone), locationId: body.locationId },
      'activityList',
    );
    const reservation = await makeReservation(app, request, hold);
    const claim = claimId;
    await confirmReservationRow(
      app,
      request,
      { reservationId: reservation.id, ...checked.data, language: jccLanguage(request) },
      (tx, row) => settleClaim(tx, claim, row.id),
    );
    return success(claimId);
  } catch (error) {
    await releaseClaim(app.db, claimId);
    return failedCreate(error);
  }
}

function failedCreate(error: unknown): Acknowledgement {
  if (!(error instanceof HttpError)) throw error;
  switch (error.code) {
    case 'timeslot_unavailable':
    case 'reservation_expired':
      return failure(FAILURE.timeslotUnavailable, 'This time is no longer available');
    case 'too_many_appointments':
      return failure(FAILURE.tooManyAppointments, error.message);
    case 'validation_failed':
      return failure(
        FAILURE.invalidRequest,
        error.message,
        (error.errors ?? []).map((e) => `${e.property}: ${e.message}`),
      );
    default:
      if (error.statusCode >= 500) throw error;
      return failure(FAILURE.invalidRequest, error.message);
  }
}

/** The client's own appointment under a JCC id, or null (another client's ids are unknown to it). */
async function ownAppointment(app: FastifyInstance, request: FastifyRequest, jccId: string) {
  const id = await appointmentIdOf(app.db, currentClient(request).id, jccId);
  if (id === null) return null;
  const row = await findAppointment(app.db, id);
  return row && row.status !== 'reserved' ? row : null;
}

/** GET appointment?id: the appointment as JCC's `ExistingAppointment`, 404 when unknown. */
export async function appointmentDetails(
  app: FastifyInstance,
  request: FastifyRequest,
  jccId: string,
): Promise<z.infer<typeof existingAppointmentSchema>> {
  const row = await ownAppointment(app, request, jccId);
  if (!row) throw httpError('not_found');
  const language = jccLanguage(request);
  const view = await viewOf(app.db, row, language);
  const schedule = await scheduleNow(app);
  const zone = app.config.providerTimezone;
  return {
    id: jccId,
    startDateTime: jccLocalTime(formatZonedIso(row.during.from.getTime(), zone)),
    endDateTime: jccLocalTime(formatZonedIso(row.during.until.getTime(), zone)),
    number: row.id,
    activityList: view.items.map((item) => {
      const product = schedule.products.find((p) => p.id === item.product.id);
      return {
        amount: item.amount,
        activity: product
          ? { ...toActivity(product, language), description: item.product.title }
          : {
              id: String(item.product.id),
              number: item.product.id,
              description: item.product.title,
              necessities: '',
              appointmentDuration: 0,
              maxCountForEvent: 0,
            },
      };
    }),
    // Erased by retention: the names are gone, the appointment stays (DESIGN §4b).
    customerList: [
      {
        id: `${jccId}-customer`,
        isMainCustomer: true,
        gender: 0,
        ...(row.initials ? { initials: row.initials } : {}),
        ...(row.suffix ? { lastNamePrefix: row.suffix } : {}),
        ...(row.lastName ? { lastName: row.lastName } : {}),
        ...(row.email ? { emailAddress: row.email } : {}),
        ...(row.phone ? { phoneNumber: row.phone } : {}),
      },
    ],
    location: { id: String(view.desk.location.id), description: view.desk.location.name },
    fieldList: [],
    creationDateTime: jccLocalTime(formatZonedIso((row.confirmedAt ?? row.createdAt).getTime(), zone)),
    paymentStatus: { transactionState: 0 },
  };
}

/** GET appointment/qrcode?id: the check-in code the desk scans (DESIGN §4), as a JSON string. */
export async function qrCode(app: FastifyInstance, request: FastifyRequest, jccId: string): Promise<string> {
  const row = await ownAppointment(app, request, jccId);
  if (!row || !row.checkInCode || row.status === 'cancelled') throw httpError('not_found');
  return row.checkInCode;
}

/**
 * DELETE appointment?id: the visitor's own cancel through the link's service (the link token rebuilt
 * from its nonce), so the same rules hold: only while changing is possible (DESIGN §6). Unknown, already
 * cancelled or too late answers JCC's failure without an id.
 */
export async function cancel(
  app: FastifyInstance,
  request: FastifyRequest,
  jccId: string,
): Promise<Acknowledgement> {
  const row = await ownAppointment(app, request, jccId);
  if (!row || !row.tokenNonce) return failure(FAILURE.notFound, 'No such appointment');
  if (row.status === 'cancelled')
    return failure(FAILURE.notCancellable, 'The appointment is already cancelled');
  try {
    await cancelAppointment(app, request, row.id, deriveToken(app.config.secret, row.tokenNonce));
  } catch (error) {
    if (error instanceof HttpError && error.statusCode < 500)
      return failure(FAILURE.notCancellable, error.message);
    throw error;
  }
  return { ...success(jccId) };
}
