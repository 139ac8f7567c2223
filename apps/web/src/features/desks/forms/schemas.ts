import { z } from 'zod';
import {
  createDeskRequestSchema,
  openingHoursInputSchema,
  overflowPeriodsInputSchema,
  overflowSchema,
  type Desk,
} from '@balie/shared';

type OpeningHour = Desk['openingHours'][number];

// Form schemas of the desk screens, built from the shared request schemas so the form and the server
// judge the same rules with the same error keys.

/** Name, agenda label, location, active. */
export const deskDetailsFormSchema = z.object({
  name: createDeskRequestSchema.shape.name,
  label: createDeskRequestSchema.shape.label.unwrap(),
  locationId: createDeskRequestSchema.shape.locationId.unwrap(),
  active: z.boolean(),
});
export type DeskDetailsFormValues = z.input<typeof deskDetailsFormSchema>;

/** The week grid: seven days (Monday first), each with its intervals; no interval means closed. */
const intervalSchema = z.object({ opens: z.string(), closes: z.string() });
export const weekFormSchema = z
  .object({ days: z.array(z.object({ intervals: z.array(intervalSchema) })).length(7) })
  .superRefine((week, ctx) =>
    week.days.forEach((day, d) => {
      const checked = openingHoursInputSchema.safeParse(toOpeningHoursOfDay(d, day.intervals));
      for (const issue of checked.success ? [] : checked.error.issues)
        ctx.addIssue({
          code: 'custom',
          message: issue.message,
          path: ['days', d, 'intervals', ...issue.path],
        });
    }),
  );
export type WeekFormValues = z.input<typeof weekFormSchema>;
type Interval = z.input<typeof intervalSchema>;

const toOpeningHoursOfDay = (d: number, intervals: Interval[]) =>
  intervals.map((i) => ({ weekday: d + 1, opens: i.opens, closes: i.closes }));

export const weekOf = (hours: OpeningHour[]): WeekFormValues => ({
  days: Array.from({ length: 7 }, (_, d) => ({
    intervals: hours.filter((h) => h.weekday === d + 1).map(({ opens, closes }) => ({ opens, closes })),
  })),
});

export const openingHoursOf = (week: WeekFormValues): OpeningHour[] =>
  week.days.flatMap((day, d) => toOpeningHoursOfDay(d, day.intervals));

/** Default overflow percentages and the periods that override them. */
export const overflowFormSchema = z.object({
  overflow: overflowSchema,
  overflowPeriods: overflowPeriodsInputSchema,
});
export type OverflowFormValues = z.input<typeof overflowFormSchema>;

export const overflowOf = (desk: Desk): OverflowFormValues => ({
  overflow: desk.overflow,
  overflowPeriods: desk.overflowPeriods.map(({ from, until, morning, afternoon, evening }) => ({
    from,
    until,
    morning,
    afternoon,
    evening,
  })),
});
