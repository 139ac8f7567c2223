import { z } from 'zod';
import { DAY_PARTS } from '../constants.js';
import { dateSchema, idParamSchema, idSchema as id } from '../primitives.js';

/** The longest range one statistics call covers (two years, DESIGN §5 *Statistics*; decision 0401). */
export const STATISTICS_MAX_DAYS = 731;
/** How far back the walk-in share suggestion looks (DESIGN §4b: the last eight weeks). */
export const SUGGESTION_WEEKS = 8;

/**
 * GET /statistics?from&until&locationId&deskId (admin). `until` on or after `from`, at most two years
 * apart; days after today are not reported (statistics are what happened, decision 0401).
 */
export const statisticsQuerySchema = z
  .object({
    from: dateSchema,
    until: dateSchema,
    locationId: idParamSchema.optional(),
    deskId: idParamSchema.optional(),
  })
  .superRefine((q, ctx) => {
    if (q.until < q.from) ctx.addIssue({ code: 'custom', path: ['until'], message: 'before_from' });
    else if ((Date.parse(q.until) - Date.parse(q.from)) / 86_400_000 + 1 > STATISTICS_MAX_DAYS)
      ctx.addIssue({ code: 'custom', path: ['until'], message: 'range_too_long' });
  });
export type StatisticsQuery = z.infer<typeof statisticsQuerySchema>;

/** A median and 90th percentile in minutes (one decimal) over `count` visitors; null without any. */
export const durationFigureSchema = z.object({
  median: z.number().nullable(),
  p90: z.number().nullable(),
  count: z.number().int(),
});
export type DurationFigure = z.infer<typeof durationFigureSchema>;

/** What happened in one day, or one day part: counts only, never who (DESIGN §4b *Privacy*). */
const countsShape = {
  /** Appointments for that time that were not cancelled (confirmed, checked in or no-show). */
  booked: z.number().int(),
  checkedIn: z.number().int(),
  noShow: z.number().int(),
  cancelled: z.number().int(),
  walkIns: z.number().int(),
  /** Check-in → call. */
  wait: durationFigureSchema,
  /** Call → served. */
  service: durationFigureSchema,
  /** Minutes the desks were open (after closures) and the minutes booked appointments took of them. */
  openMinutes: z.number().int(),
  bookedMinutes: z.number().int(),
};

export const statisticsDeskMinutesSchema = z.object({
  deskId: id,
  openMinutes: z.number().int(),
  bookedMinutes: z.number().int(),
});

export const statisticsPartSchema = z.object({
  dayPart: z.enum(DAY_PARTS),
  ...countsShape,
  desks: z.array(statisticsDeskMinutesSchema),
});
export type StatisticsPart = z.infer<typeof statisticsPartSchema>;

export const statisticsDaySchema = z.object({
  date: dateSchema,
  ...countsShape,
  parts: z.array(statisticsPartSchema),
});
export type StatisticsDay = z.infer<typeof statisticsDaySchema>;

/** Per product: how many were booked and how many did not come (rate over checked in + no-show). */
export const statisticsProductSchema = z.object({
  product: z.object({ id, title: z.string() }),
  booked: z.number().int(),
  checkedIn: z.number().int(),
  noShow: z.number().int(),
  cancelled: z.number().int(),
  noShowRate: z.number().nullable(),
});
export type StatisticsProduct = z.infer<typeof statisticsProductSchema>;

/** Occupancy of one weekday (ISO, 1 = Monday) and hour: booked ÷ open minutes. */
export const occupancyCellSchema = z.object({
  weekday: z.number().int().min(1).max(7),
  hour: z.number().int().min(0).max(23),
  openMinutes: z.number().int(),
  bookedMinutes: z.number().int(),
  rate: z.number().nullable(),
});
export type OccupancyCell = z.infer<typeof occupancyCellSchema>;

/** Lead time (booking → appointment) in whole days, grouped: 0 = the same day. */
export const LEAD_TIME_BUCKETS = ['0', '1', '2-3', '4-7', '8-14', '15-30', '31+'] as const;
export type LeadTimeBucket = (typeof LEAD_TIME_BUCKETS)[number];
export const leadTimeSchema = z.object({ bucket: z.enum(LEAD_TIME_BUCKETS), appointments: z.number().int() });

/**
 * The walk-in share suggested for one desk and day part from the last eight weeks (decision 0403): the
 * walk-in minutes that the minutes left idle by no-shows did not cover, as a share of the open minutes,
 * rounded up to 5 %. The figures say how it came to it.
 */
export const walkInSuggestionSchema = z.object({
  desk: z.object({ id, name: z.string(), locationId: id }),
  dayPart: z.enum(DAY_PARTS),
  /** The desk's own overflow percentage for that day part now. */
  current: z.number().int(),
  suggested: z.number().int(),
  /** Days in the eight weeks the desk was open in that part. */
  days: z.number().int(),
  walkInsPerDay: z.number(),
  walkInMinutesPerDay: z.number(),
  noShowRate: z.number().nullable(),
  noShowMinutesPerDay: z.number(),
  openMinutesPerDay: z.number(),
});
export type WalkInSuggestion = z.infer<typeof walkInSuggestionSchema>;

/** The appointments per channel they came through (decision 0481): an integration client by name. */
export const statisticsChannelSchema = z.object({
  channel: z.enum(['web', 'desk', 'integration']),
  clientId: id.nullable(),
  clientName: z.string().nullable(),
  booked: z.number().int(),
  checkedIn: z.number().int(),
  noShow: z.number().int(),
  cancelled: z.number().int(),
  noShowRate: z.number().nullable(),
});
export type StatisticsChannel = z.infer<typeof statisticsChannelSchema>;
/** Appointments that ended checked in or as a no-show, and the share that did not come (null for none). */
export const attendanceSchema = z.object({
  checkedIn: z.number().int(),
  noShow: z.number().int(),
  noShowRate: z.number().nullable(),
});
export type Attendance = z.infer<typeof attendanceSchema>;

export const statisticsSchema = z.object({
  from: dateSchema,
  /** The last day reported: `until`, or today when `until` lies after it. */
  until: dateSchema,
  locationId: id.nullable(),
  deskId: id.nullable(),
  /** The desks the figures name, with their location. */
  desks: z.array(z.object({ id, name: z.string(), locationId: id })),
  days: z.array(statisticsDaySchema),
  products: z.array(statisticsProductSchema),
  channels: z.array(statisticsChannelSchema),
  occupancy: z.array(occupancyCellSchema),
  leadTime: z.array(leadTimeSchema),
  suggestions: z.array(walkInSuggestionSchema),
  /**
   * Reminders that ask (DESIGN §4c): how the visitors who said "Ik kom" kept their appointment against
   * everyone else (no reminder, or no answer to it).
   */
  attendance: z.object({ confirmed: attendanceSchema, unconfirmed: attendanceSchema }),
});
export type Statistics = z.infer<typeof statisticsSchema>;
