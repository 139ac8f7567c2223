import { z } from 'zod';
import { apiErrorSchema } from '../errors.js';
import { appointmentSchema } from '../booking/schemas.js';
import { appointmentLocationSchema } from '../locations/refs.js';
import { addDays } from '../availability/clock.js';
import { dateSchema, idSchema, plainText } from '../primitives.js';
import { deskClosureSchema, openingHourSchema, overflowSchema } from './schemas.js';

/**
 * What an admin decides for confirmed future appointments a schedule change leaves outside the schedule:
 * `keep` them; `reassign` each to another desk of the location the visitor was told (never another
 * building); `reassign_anywhere` also to a desk of another location when none of that one can take it
 * (decision 0422). What none can take is cancelled with the apology mail.
 */
export const affectedAppointmentsSchema = z.enum(['keep', 'reassign', 'reassign_anywhere']);
export type AffectedAppointmentsDecision = z.infer<typeof affectedAppointmentsSchema>;

/** Two intervals [a, b) and [c, d) of 'HH:mm' or dates overlap (string order is time order). */
const overlaps = (
  a: { start: string; end: string },
  b: { start: string; end: string },
  inclusive: boolean,
) => (inclusive ? a.start <= b.end && b.start <= a.end : a.start < b.end && b.start < a.end);

/**
 * Weekly opening hours: per weekday one or more intervals that do not overlap. The later of two
 * overlapping intervals carries the error (`openingHours.3.opens: overlaps`).
 */
export const openingHoursInputSchema = z
  .array(openingHourSchema)
  .max(70, 'too_many')
  .superRefine((hours, ctx) => {
    hours.forEach((h, i) => {
      const clash = hours
        .slice(0, i)
        .some(
          (o) =>
            o.weekday === h.weekday &&
            overlaps({ start: o.opens, end: o.closes }, { start: h.opens, end: h.closes }, false),
        );
      if (clash) ctx.addIssue({ code: 'custom', message: 'overlaps', path: [i, 'opens'] });
    });
  });

/** The document's checks of a closure (times only for partial ones, from before until), on input without id. */
function checkClosure(c: object, ctx: z.RefinementCtx) {
  const checked = deskClosureSchema.safeParse({ ...c, id: 1 });
  for (const issue of checked.success ? [] : checked.error.issues)
    if (issue.path[0] !== 'reason')
      ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
}

const closureFields = {
  date: dateSchema,
  type: z.enum(['whole_day', 'partial']),
  from: deskClosureSchema.shape.from,
  until: deskClosureSchema.shape.until,
  reason: plainText(200).optional(),
};

/** A closure as an admin sends it; an `id` (from a document sent back) is ignored: the server gives one. */
export const closureInputSchema = z.object(closureFields).superRefine(checkClosure);
export type ClosureInput = z.infer<typeof closureInputSchema>;

/** Overflow percentages of a date range (inclusive, from ≤ until); an `id` sent back is ignored. */
export const overflowPeriodInputSchema = overflowSchema
  .extend({ from: dateSchema, until: dateSchema })
  .refine((p) => p.from <= p.until, { message: 'until_before_from', path: ['until'] });
export type OverflowPeriodInput = z.infer<typeof overflowPeriodInputSchema>;

/** No two periods of one desk share a date; the later one carries the error. */
export const overflowPeriodsInputSchema = z
  .array(overflowPeriodInputSchema)
  .max(100, 'too_many')
  .superRefine((periods, ctx) => {
    periods.forEach((p, i) => {
      const clash = periods
        .slice(0, i)
        .some((o) => overlaps({ start: o.from, end: o.until }, { start: p.from, end: p.until }, true));
      if (clash) ctx.addIssue({ code: 'custom', message: 'overlaps', path: [i, 'from'] });
    });
  });

const deskFields = {
  name: plainText(100).min(1, 'required'),
  /** Agenda label, shown to admins; null or '' clears it. */
  label: plainText(20).nullable(),
  active: z.boolean(),
  locationId: idSchema,
  /** null: every product, also later ones; else the products it serves (each once, each existing). */
  productIds: z
    .array(idSchema)
    .max(1000, 'too_many')
    .refine((ids) => new Set(ids).size === ids.length, 'duplicate_product')
    .nullable(),
  openingHours: openingHoursInputSchema,
  closures: z.array(closureInputSchema).max(500, 'too_many'),
  overflow: overflowSchema,
  overflowPeriods: overflowPeriodsInputSchema,
};

/**
 * POST /desks: a name is required; everything else starts empty (closed, no overflow held back), in the
 * first location, serving every product.
 */
export const createDeskRequestSchema = z
  .object({
    ...deskFields,
    label: deskFields.label.optional(),
    active: deskFields.active.optional(),
    locationId: deskFields.locationId.optional(),
    productIds: deskFields.productIds.optional(),
    openingHours: deskFields.openingHours.optional(),
    closures: deskFields.closures.optional(),
    overflow: deskFields.overflow.optional(),
    overflowPeriods: deskFields.overflowPeriods.optional(),
  })
  .strict();
export type CreateDeskRequest = z.infer<typeof createDeskRequestSchema>;

/**
 * PATCH /desk/{id}: changes the fields it names and replaces the arrays it names (DESIGN §5).
 * `affectedAppointments` decides for appointments the change would leave outside the schedule.
 */
export const patchDeskRequestSchema = z
  .object({ ...deskFields, affectedAppointments: affectedAppointmentsSchema })
  .partial()
  .strict();
export type PatchDeskRequest = z.infer<typeof patchDeskRequestSchema>;

/** DELETE /desk/{id}?affectedAppointments=reassign */
export const deleteDeskQuerySchema = z.object({
  affectedAppointments: affectedAppointmentsSchema.optional(),
});
export type DeleteDeskQuery = z.infer<typeof deleteDeskQuerySchema>;

/** The most days one POST /closures closes: a year, leap day included (decision 0433). */
export const MAX_CLOSURE_DAYS = 366;

/** Whole days from `from` to `until` (dates; negative when until comes first). */
const daysFrom = (from: string, until: string) =>
  Math.round((Date.parse(`${until}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/**
 * POST /closures: a closure of every desk, or with `locationId` of every desk of that location. One day
 * (`date`), every day from `date` through `lastDate`, or the listed `days` (each with its own reason,
 * e.g. public holidays): one closure per day, all in one change (decision 0433).
 */
export const createClosureRequestSchema = z
  .object({
    ...closureFields,
    date: dateSchema.optional(),
    lastDate: dateSchema.optional(),
    days: z
      .array(z.object({ date: dateSchema, reason: plainText(200).optional() }).strict())
      .min(1, 'too_small')
      .max(MAX_CLOSURE_DAYS, 'too_many')
      .optional(),
    locationId: idSchema.optional(),
    affectedAppointments: affectedAppointmentsSchema.optional(),
  })
  .strict()
  .superRefine((body, ctx) => {
    const issue = (path: PropertyKey[], message: string) => ctx.addIssue({ code: 'custom', message, path });
    if (body.days && body.date !== undefined) return issue(['days'], 'not_with_date');
    if (body.days && body.lastDate !== undefined) return issue(['lastDate'], 'not_with_days');
    if (body.days?.length === 0) return; // named `days: too_small` already
    // The times and type are checked once, on the first day (a missing date is named `date`).
    checkClosure({ ...body, date: body.days?.[0]?.date ?? body.date }, ctx);
    body.days?.forEach((d, i) => {
      if (body.days!.slice(0, i).some((o) => o.date === d.date)) issue(['days', i, 'date'], 'duplicate');
    });
    if (body.date && body.lastDate) {
      const span = daysFrom(body.date, body.lastDate);
      if (span < 0) issue(['lastDate'], 'before_date');
      else if (span >= MAX_CLOSURE_DAYS) issue(['lastDate'], 'too_many_days');
    }
  });
export type CreateClosureRequest = z.infer<typeof createClosureRequestSchema>;

/** The days a POST /closures closes, in date order, each with its reason. */
export function closureDaysOf(
  body: Pick<CreateClosureRequest, 'date' | 'lastDate' | 'days' | 'reason'>,
): Array<{ date: string; reason?: string }> {
  const reason = (own?: string) => ((own ?? body.reason) ? { reason: own ?? body.reason } : {});
  if (body.days)
    return body.days
      .map((d) => ({ date: d.date, ...reason(d.reason) }))
      .sort((a, b) => a.date.localeCompare(b.date));
  if (!body.date) return [];
  const out = [];
  for (let i = 0; i <= (body.lastDate ? daysFrom(body.date, body.lastDate) : 0); i++)
    out.push({ date: addDays(body.date, i), ...reason() });
  return out;
}

/** 409 `appointments_affected`: the confirmed future appointments the change would leave outside the schedule. */
export const appointmentsAffectedErrorSchema = apiErrorSchema.extend({
  code: z.literal('appointments_affected'),
  appointments: z.array(appointmentSchema),
  /**
   * Per appointment, where a reassignment would take it as things stand (a forecast: the decision is
   * taken again under locks when the admin chooses): `sameLocation` when a desk of its own location is
   * free for it, else `otherLocation` the location `reassign_anywhere` would send it to, or null when
   * no desk anywhere can take it (decision 0422). Absent in answers of servers before it.
   */
  reassignment: z
    .array(
      z.object({
        appointmentId: idSchema,
        sameLocation: z.boolean(),
        otherLocation: appointmentLocationSchema.nullable(),
      }),
    )
    .optional(),
});
export type AppointmentsAffectedError = z.infer<typeof appointmentsAffectedErrorSchema>;
/** Where a reassignment would take one affected appointment (the 409's forecast). */
export type AffectedReassignment = NonNullable<AppointmentsAffectedError['reassignment']>[number];
