import { z } from 'zod';
import { appointmentLocationSchema, deskRefSchema } from '@balie/shared';
import { BOOKING_STEPS } from './bookingSteps';

/**
 * The shape of the booking draft (spec §3 "Appointment", §4 "Draft appointment"). A zod schema rather than
 * a plain interface because the draft is read back from sessionStorage after a reload, and what comes back
 * from storage is checked before it enters the store.
 */
export const bookingStepSchema = z.enum(BOOKING_STEPS);
export type BookingStep = z.infer<typeof bookingStepSchema>;

/**
 * Why the visitor was sent back to, or held at, the time step (spec §8 messages; the limits of DESIGN §6:
 * too many holds from the visitor's address, too many appointments for the e-mail address).
 */
export const bookingNoticeSchema = z.enum([
  'slot_unavailable',
  'reservation_expired',
  'too_many_holds',
  'too_many_appointments',
]);
export type BookingNotice = z.infer<typeof bookingNoticeSchema>;

export const draftItemSchema = z.object({ productId: z.number().int(), amount: z.number().int().min(1) });
export type DraftItem = z.infer<typeof draftItemSchema>;

export const personalDraftSchema = z.object({
  initials: z.string(),
  suffix: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string(),
});
export type PersonalDraft = z.infer<typeof personalDraftSchema>;

export const draftStateSchema = z.object({
  step: bookingStepSchema,
  /**
   * Set once confirmed: id, token (it makes the edit/cancel links) and check-in code of the new appointment.
   * The code defaults to null so a draft stored before it existed still reads.
   */
  id: z.number().int().nullable(),
  token: z.string().nullable(),
  checkInCode: z.string().nullable().default(null),
  appointmentItems: z.array(draftItemSchema),
  /** The chosen day, YYYY-MM-DD in the provider's zone. */
  date: z.string().nullable(),
  fromDateTime: z.string().nullable(),
  untilDateTime: z.string().nullable(),
  desk: deskRefSchema.nullable(),
  /**
   * The location the visitor chose (DESIGN §4b), or null: every location ("earliest anywhere", or the
   * products are served at one location only). Also set by `/new?location=`. Defaults keep a draft stored
   * before locations readable.
   */
  locationId: z.number().int().nullable().default(null),
  /** The chosen products are served at more than one location: the location step is part of the flow. */
  chooseLocation: z.boolean().default(false),
  /** Where the held slot is; once confirmed with its address (the appointment's location). */
  location: appointmentLocationSchema
    .partial({ street: true, postcode: true, city: true })
    .nullable()
    .default(null),
  personal: personalDraftSchema,
  /** The spec's "booking dialog": a message shown on the time step after a hold was lost. */
  notice: bookingNoticeSchema.nullable(),
});
export type DraftState = z.infer<typeof draftStateSchema>;
