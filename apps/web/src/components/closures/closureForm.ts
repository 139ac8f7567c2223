import { z } from 'zod';
import { closureInputSchema, createClosureRequestSchema, type ClosureInput } from '@balie/shared';

/** A new closure (of one desk, of one location's desks or of all) as the form holds it: times and reason may be ''. */
export type ClosureFormValues = z.input<typeof closureInputSchema>;
const blankToUndefined = (s: string | undefined) => (s === '' ? undefined : s);
/** The form's closure as the API takes it: times only for a partial closure, no empty strings. */
export function closureOf(c: ClosureFormValues): ClosureFormValues {
  const reason = blankToUndefined(c.reason);
  return c.type === 'whole_day'
    ? { date: c.date, type: c.type, reason }
    : {
        date: c.date,
        type: c.type,
        from: blankToUndefined(c.from),
        until: blankToUndefined(c.until),
        reason,
      };
}
/** The shared closure rules, judged on the closure the form would send. */
export const closureFormSchema = z.custom<ClosureFormValues>().transform(closureOf).pipe(closureInputSchema);

/** A closure of several desks as the form holds it: `lastDate` '' for one day. */
export type ClosureRangeFormValues = ClosureFormValues & { lastDate?: string };
/** What the range form hands on: one day, or every day from `date` through `lastDate`. */
export type ClosureRange = ClosureInput & { lastDate?: string };
/** The server's rules for POST /closures (range order and length named `lastDate`), judged in the form. */
export const closureRangeFormSchema = z
  .custom<ClosureRangeFormValues>()
  .transform((c): z.input<typeof createClosureRequestSchema> => ({
    ...closureOf(c),
    ...(c.lastDate ? { lastDate: c.lastDate } : {}),
  }))
  .pipe(createClosureRequestSchema)
  .transform((c) => c as ClosureRange);
