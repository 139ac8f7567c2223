import { z } from 'zod';
import { closureInputSchema } from '@balie/shared';

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
