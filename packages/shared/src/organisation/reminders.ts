import { z } from 'zod';

/** How far ahead a reminder may go (DESIGN §5 Reminders): from one hour to two weeks before. */
export const REMINDER_HOURS = { min: 1, max: 336 } as const;
/** At most two reminders per appointment (e.g. three days and one day before). */
export const MAX_REMINDERS = 2;
export const DEFAULT_REMINDERS = [{ hoursBefore: 24 }] as const;

export const reminderSchema = z.object({
  hoursBefore: z
    .number()
    .int('invalid_number')
    .min(REMINDER_HOURS.min, 'too_small')
    .max(REMINDER_HOURS.max, 'too_big'),
});
export type Reminder = z.infer<typeof reminderSchema>;

/**
 * The organisation's reminders as PATCH /organisation takes them: 0–2, each moment once, stored earliest
 * first (the most hours before first) whatever order they were sent in.
 */
export const remindersSchema = z
  .array(reminderSchema)
  .max(MAX_REMINDERS, 'too_many')
  .refine((list) => new Set(list.map((r) => r.hoursBefore)).size === list.length, 'duplicate')
  .transform((list) => [...list].sort((a, b) => b.hoursBefore - a.hoursBefore));
