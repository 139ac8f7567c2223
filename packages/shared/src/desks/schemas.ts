import { z } from 'zod';
import { dateSchema, idSchema as id, singleLineText } from '../primitives.js';

/** A wall-clock time 'HH:mm' in the provider's zone, 00:00–23:59. */
export const timeOfDaySchema = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'invalid_time');
/** An end time may be midnight at the end of the day, '24:00' (PostgreSQL `time` and the engine allow it). */
const endTimeSchema = z.string().regex(/^(([01]\d|2[0-3]):[0-5]\d|24:00)$/, 'invalid_time');

/** Overflow percentage of one day part (DESIGN §4): 0 = all bookable online, 100 = none. */
const percentageSchema = z
  .number()
  .int('invalid_percentage')
  .min(0, 'invalid_percentage')
  .max(100, 'invalid_percentage');

/** Its type is the engine's `OverflowPercentages` (availability/types.ts). */
export const overflowSchema = z.object({
  morning: percentageSchema,
  afternoon: percentageSchema,
  evening: percentageSchema,
});

/**
 * One weekly opening interval; a weekday may have several (e.g. a lunch break). Its type is the engine's
 * `WeeklyOpening` (availability/types.ts).
 */
export const openingHourSchema = z
  .object({
    /** ISO weekday: 1 = Monday … 7 = Sunday. */
    weekday: z.number().int('invalid_weekday').min(1, 'invalid_weekday').max(7, 'invalid_weekday'),
    opens: timeOfDaySchema,
    closes: endTimeSchema,
  })
  .refine((h) => h.opens < h.closes, { message: 'closes_before_opens', path: ['closes'] });

/**
 * A closed day (`whole_day`, without times) or part of a day (`partial`, `from` before `until`).
 * Fields without a value are left out, as DESIGN §5 writes them (`from?`, `until?`, `reason?`).
 */
export const deskClosureSchema = z
  .object({
    id,
    date: dateSchema,
    type: z.enum(['whole_day', 'partial']),
    from: timeOfDaySchema.optional(),
    until: endTimeSchema.optional(),
    reason: singleLineText(200).optional(),
  })
  .superRefine((c, ctx) => {
    if (c.type === 'whole_day') {
      for (const key of ['from', 'until'] as const)
        if (c[key] !== undefined)
          ctx.addIssue({ code: 'custom', message: 'whole_day_has_no_times', path: [key] });
      return;
    }
    if (c.from === undefined) ctx.addIssue({ code: 'custom', message: 'required', path: ['from'] });
    if (c.until === undefined) ctx.addIssue({ code: 'custom', message: 'required', path: ['until'] });
    if (c.from !== undefined && c.until !== undefined && c.from >= c.until)
      ctx.addIssue({ code: 'custom', message: 'until_before_from', path: ['until'] });
  });
export type DeskClosure = z.infer<typeof deskClosureSchema>;

/**
 * The same document as a desk's closure, for a closure of every desk (GET/POST /closures), or of every
 * desk of one location (`locationId`, null for every desk).
 */
export const globalClosureSchema = deskClosureSchema
  .safeExtend({ locationId: id.nullable() })
  .describe('A closure of every desk, or of every desk of one location');
export type GlobalClosure = z.infer<typeof globalClosureSchema>;

/** Overflow percentages that override the desk's defaults from `from` until `until` (dates, inclusive). */
export const deskOverflowPeriodSchema = overflowSchema
  .extend({ id, from: dateSchema, until: dateSchema })
  .refine((p) => p.from <= p.until, { message: 'until_before_from', path: ['until'] });
export type DeskOverflowPeriod = z.infer<typeof deskOverflowPeriodSchema>;

/** The desk document of DESIGN §5 (GET /desks, GET /desk/{id}). */
export const deskSchema = z.object({
  id,
  name: z.string(),
  /** Agenda label, shown to admins. */
  label: z.string().nullable(),
  active: z.boolean(),
  /** The location the desk is in (DESIGN §4b). */
  locationId: id,
  /** null: every product, also ones made later; else the products it serves, ascending. */
  productIds: z.array(id).nullable(),
  /** Sorted by weekday, then opening time. */
  openingHours: z.array(openingHourSchema),
  /** This desk's own closures; closures of every desk come from GET /closures. */
  closures: z.array(deskClosureSchema),
  overflow: overflowSchema,
  overflowPeriods: z.array(deskOverflowPeriodSchema),
});
export type Desk = z.infer<typeof deskSchema>;
