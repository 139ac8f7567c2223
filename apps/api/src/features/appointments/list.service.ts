import { and, asc, count, desc, eq, gte, ilike, inArray, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import {
  idParamSchema,
  APPOINTMENT_STATUSES,
  pageQueryFields,
  dateSchema,
  idSchema,
  isCheckInCode,
  localDateOf,
  normaliseCheckInCode,
  localDay,
  singleLineText,
  type Appointment,
} from '@balie/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { containsPattern } from '../../db/contains.js';
import { readPage } from '../../db/page.js';
import type { DbOrTx } from '../../db/client.js';
import { appointments, desks, locations } from '../../db/schema/index.js';
import { isStaff, type AuthUser } from '../../http/auth.js';
import { httpError, validationError } from '../../http/errors.js';
import { toAppointment } from './presenter.js';
import { viewsOf, type AppointmentView } from './repository.js';

const start = sql`lower(${appointments.during})`;
const end = sql`upper(${appointments.during})`;

/** Name search: the full name (initials, suffix, last name) contains the text. */
function nameMatches(search: string | undefined): SQL | undefined {
  if (!search) return undefined;
  return ilike(
    sql`concat_ws(' ', ${appointments.initials}, ${appointments.suffix}, ${appointments.lastName})`,
    containsPattern(search),
  );
}

/** Users see the appointments they booked signed in (see isOwner); staff see all. */
function visibleTo(user: AuthUser): SQL | undefined {
  if (isStaff(user)) return undefined;
  return eq(appointments.userId, user.id);
}

function dateRange(zone: string, from?: string, until?: string): SQL[] {
  const conditions: SQL[] = [];
  if (from)
    conditions.push(sql`${start} >= ${new Date(localDay(zone, from).start).toISOString()}::timestamptz`);
  if (until)
    conditions.push(sql`${start} < ${new Date(localDay(zone, until).end).toISOString()}::timestamptz`);
  return conditions;
}

/**
 * The appointments at one location (DESIGN §5: today, the list, the calendar and the exports take
 * `locationId`): those on its desks, an appointment's location being its desk's. A location that does
 * not exist is a 400 naming `property`, so a stale remembered choice is told apart from an empty day.
 */
async function atLocation(
  db: DbOrTx,
  locationId: number | undefined,
  property = 'locationId',
): Promise<SQL | undefined> {
  if (locationId === undefined) return undefined;
  const [found] = await db.select({ id: locations.id }).from(locations).where(eq(locations.id, locationId));
  if (!found) throw validationError(property, 'object/not-found');
  return inArray(
    appointments.deskId,
    db.select({ id: desks.id }).from(desks).where(eq(desks.locationId, locationId)),
  );
}

/** Appointments as the API answers them; staff's also carry the desk's label. */
export function presentAppointments(
  app: FastifyInstance,
  request: FastifyRequest,
  views: AppointmentView[],
): Appointment[] {
  const staff = isStaff(request.user);
  return views.map((v) => toAppointment(v, app.config, { staff }));
}

export const listQuerySchema = z.object({
  showCanceled: z.enum(['true', 'false']).optional(),
  from: dateSchema.optional(),
  until: dateSchema.optional(),
  locationId: idParamSchema.optional(),
});

/** One answer of GET /appointments holds at most this many rows unless it names a date range. */
export const LIST_MAX_ROWS = 1_000;
/** The widest range GET /appointments answers: the calendar's widest view (a month) is six weeks. */
export const LIST_MAX_RANGE_DAYS = 62;

/** 400 for a range wider than LIST_MAX_RANGE_DAYS (counting both ends). */
function assertRangeFits(from: string, until: string): void {
  const days = (Date.parse(`${until}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000 + 1;
  if (days > LIST_MAX_RANGE_DAYS) throw validationError('until', 'range_too_long');
}

/**
 * GET /appointments: by start time; holds never, cancelled ones unless showCanceled=false. One page at
 * most (DESIGN §6, decision 0327): a range of at most 62 days, or without one at most 1,000 rows; past
 * that the answer is 400 naming the missing bound, so one request never loads a year.
 */
export async function listAppointments(
  app: FastifyInstance,
  request: FastifyRequest,
  user: AuthUser,
  query: z.infer<typeof listQuerySchema>,
): Promise<Appointment[]> {
  const ranged = query.from !== undefined && query.until !== undefined;
  if (query.from && query.until) assertRangeFits(query.from, query.until);
  const location = await atLocation(app.db, query.locationId);
  const listed = app.db
    .select()
    .from(appointments)
    .where(
      and(
        ne(appointments.status, 'reserved'),
        query.showCanceled === 'false' ? ne(appointments.status, 'cancelled') : undefined,
        visibleTo(user),
        location,
        ...dateRange(app.config.providerTimezone, query.from, query.until),
      ),
    )
    .orderBy(asc(start), asc(appointments.id))
    .$dynamic();
  // One more than the most, to tell "exactly 1,000" from "more".
  const rows = await (ranged ? listed : listed.limit(LIST_MAX_ROWS + 1));
  if (rows.length > LIST_MAX_ROWS && !ranged) {
    const missing = (['from', 'until'] as const).filter((field) => query[field] === undefined);
    throw httpError(
      'validation_failed',
      undefined,
      missing.map((property) => ({ property, message: 'required_beyond_1000_rows' })),
    );
  }
  return presentAppointments(app, request, await viewsOf(app.db, rows));
}

export const paginatedQuerySchema = z.object({
  ...pageQueryFields,
  filter: z.string().max(2000).optional(),
});

const filterSchema = z.object({
  status: z.enum(APPOINTMENT_STATUSES).optional(),
  from: dateSchema.optional(),
  until: dateSchema.optional(),
  search: singleLineText(100).optional(),
  deskId: idSchema.optional(),
  locationId: idSchema.optional(),
  hideExpired: z.boolean().optional(),
});

/** The JSON `filter` of /appointments_paginated; a broken one is a 400 naming `filter` or its field. */
function parseFilter(text: string | undefined): z.infer<typeof filterSchema> {
  if (!text) return {};
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw httpError('validation_failed', undefined, [{ property: 'filter', message: 'invalid_json' }]);
  }
  const parsed = filterSchema.safeParse(json);
  if (!parsed.success) {
    throw httpError(
      'validation_failed',
      undefined,
      parsed.error.issues.map((i) => ({ property: ['filter', ...i.path].join('.'), message: i.message })),
    );
  }
  return parsed.data;
}

/**
 * The search of the list: part of the name, e-mail or phone, the appointment's number, or its check-in
 * code typed as the visitor reads it (any case, with spaces or a hyphen).
 */
function searchMatches(search: string | undefined): SQL | undefined {
  if (!search) return undefined;
  const code = normaliseCheckInCode(search);
  return or(
    nameMatches(search),
    ilike(appointments.email, containsPattern(search)),
    ilike(appointments.phone, containsPattern(search)),
    sql`${appointments.id}::text = ${search}`,
    isCheckInCode(code) ? eq(appointments.checkInCode, code) : undefined,
  );
}

/**
 * GET /appointments_paginated, filtered, with the total for the pager. Order (decision 0230): from the
 * start of today onwards by start time, ascending — the desk's coming work first — then the earlier
 * ones, newest first, so paging on from the coming days walks back into the past.
 */
export async function listAppointmentsPaginated(
  app: FastifyInstance,
  request: FastifyRequest,
  user: AuthUser,
  query: z.infer<typeof paginatedQuerySchema>,
) {
  const f = parseFilter(query.filter);
  const zone = app.config.providerTimezone;
  const startOfToday = new Date(localDay(zone, localDateOf(Date.now(), zone)).start).toISOString();
  const upcoming = sql`${start} >= ${startOfToday}::timestamptz`;
  const where = and(
    ne(appointments.status, 'reserved'),
    f.status ? eq(appointments.status, f.status) : undefined,
    f.deskId ? eq(appointments.deskId, f.deskId) : undefined,
    await atLocation(app.db, f.locationId, 'filter.locationId'),
    // The application's clock, not the database's: the same "now" as every other rule (and tests).
    f.hideExpired ? sql`${end} > ${new Date().toISOString()}::timestamptz` : undefined,
    searchMatches(f.search),
    visibleTo(user),
    ...dateRange(zone, f.from, f.until),
  );
  const page = await readPage(
    query,
    app.db
      .select()
      .from(appointments)
      .where(where)
      .orderBy(
        desc(upcoming),
        sql`case when ${upcoming} then ${start} end asc`,
        sql`case when ${upcoming} then null else ${start} end desc`,
        asc(appointments.id),
      ),
    app.db.select({ n: count() }).from(appointments).where(where),
  );
  return { ...page, items: presentAppointments(app, request, await viewsOf(app.db, page.items)) };
}

export const todayQuerySchema = z.object({
  deskId: idParamSchema.optional(),
  locationId: idParamSchema.optional(),
  search: singleLineText(100).optional(),
});

/**
 * Today's appointments in the provider's zone, by start time: the desk staff's list and its exports
 * (those of one location with `locationId`). Every state but cancelled (checked-in and no-show ones stay
 * on the day's list).
 */
export async function todaysViews(
  app: FastifyInstance,
  filter: z.infer<typeof todayQuerySchema> = {},
): Promise<{ date: string; views: AppointmentView[] }> {
  const zone = app.config.providerTimezone;
  const date = localDateOf(Date.now(), zone);
  const location = await atLocation(app.db, filter.locationId);
  const rows = await app.db
    .select()
    .from(appointments)
    .where(
      and(
        inArray(appointments.status, ['confirmed', 'checked_in', 'no_show']),
        lt(start, sql`${new Date(localDay(zone, date).end).toISOString()}::timestamptz`),
        gte(start, sql`${new Date(localDay(zone, date).start).toISOString()}::timestamptz`),
        filter.deskId ? eq(appointments.deskId, filter.deskId) : undefined,
        location,
        nameMatches(filter.search),
      ),
    )
    .orderBy(asc(start), asc(appointments.deskId), asc(appointments.id));
  return { date, views: await viewsOf(app.db, rows) };
}
