import { z } from 'zod';
import { emailSchema } from '../auth/schemas.js';
import { MAX_PRODUCTS_PER_APPOINTMENT } from '../constants.js';
import { appointmentLocationSchema, locationRefSchema } from '../locations/refs.js';
import { dateSchema, dateTimeSchema, idSchema as id, singleLineText, tokenSchema } from '../primitives.js';

export const appointmentItemInputSchema = z.object({
  productId: id,
  amount: z.number().int('invalid_amount').min(1, 'invalid_amount').max(100, 'invalid_amount'),
});
export type AppointmentItemInput = z.infer<typeof appointmentItemInputSchema>;

/** 1–4 items of distinct products (DESIGN §4). */
export const appointmentItemsSchema = z
  .array(appointmentItemInputSchema)
  .min(1, 'products_required')
  .max(MAX_PRODUCTS_PER_APPOINTMENT, 'max_products')
  .refine((items) => new Set(items.map((i) => i.productId)).size === items.length, 'duplicate_product');

/** Lets the appointment being changed count its own slot as free. */
const changingSchema = {
  appointmentId: id.optional(),
  token: tokenSchema.optional(),
};

export const availableDaysRequestSchema = z.object({
  appointmentItems: appointmentItemsSchema,
  from: dateSchema.optional(),
  until: dateSchema.optional(),
  /** Only this location's desks; without it every location counts (DESIGN §5). */
  locationId: id.optional(),
  ...changingSchema,
});
export type AvailableDaysRequest = z.infer<typeof availableDaysRequestSchema>;
export const availableDaysResponseSchema = z.array(dateSchema);

export const timeslotsRequestSchema = z.object({
  appointmentItems: appointmentItemsSchema,
  date: dateSchema,
  locationId: id.optional(),
  ...changingSchema,
});
export type TimeslotsRequest = z.infer<typeof timeslotsRequestSchema>;

export const deskRefSchema = z.object({ id, name: z.string(), label: z.string().nullable().optional() });
export type DeskRef = z.infer<typeof deskRefSchema>;

/** The desk of a slot or a hold, with the location the visitor goes to. */
export const slotDeskSchema = deskRefSchema.extend({ location: locationRefSchema });
export type SlotDesk = z.infer<typeof slotDeskSchema>;

export const timeslotSchema = z.object({ beginTime: z.string(), endTime: z.string(), desk: slotDeskSchema });
export type Timeslot = z.infer<typeof timeslotSchema>;

export const makeReservationRequestSchema = z.object({
  appointmentItems: appointmentItemsSchema,
  fromDateTime: dateTimeSchema,
  replacesReservationId: z.uuid().optional(),
  locationId: id.optional(),
  ...changingSchema,
});
export type MakeReservationRequest = z.infer<typeof makeReservationRequestSchema>;

export const productRefSchema = z.object({ id, title: z.string() });
export const appointmentItemSchema = z.object({ product: productRefSchema, amount: z.number().int() });
export type AppointmentItem = z.infer<typeof appointmentItemSchema>;

export const reservationSchema = z.object({
  reservation: z.literal(true),
  id: z.uuid(),
  appointmentItems: z.array(appointmentItemSchema),
  fromDateTime: z.string(),
  untilDateTime: z.string(),
  createdDateTime: z.string(),
  validTill: z.string(),
  /**
   * The latest validTill extending can reach (createdDateTime + HOLD_MAX_MINUTES, DESIGN §6); absent when
   * the server sets no such cap. Lets the page say that the hold cannot be extended any further.
   */
  maxValidTill: z.string().optional(),
  desk: slotDeskSchema,
});
export type Reservation = z.infer<typeof reservationSchema>;
export const extendResponseSchema = z.union([reservationSchema, z.object({ reservation: z.literal(false) })]);
export type ExtendResponse = z.infer<typeof extendResponseSchema>;

/** The visitor's fields, without defaults (a PATCH must leave out what it does not change). */
const personalFields = z.object({
  initials: singleLineText(20),
  suffix: singleLineText(20),
  lastName: singleLineText(100, { required: 'last_name_required' }).min(1, 'last_name_required'),
  email: emailSchema,
  phone: z
    .string({ error: 'phone_required' })
    .trim()
    .min(1, 'phone_required')
    .max(30, 'invalid_phone')
    .regex(/^\+?[0-9 ()-]{6,}$/, 'invalid_phone'),
});

/** Personal details of the visitor (spec §5: last name, e-mail and phone required). */
export const personalDataSchema = personalFields.extend({
  initials: personalFields.shape.initials.optional().default(''),
  suffix: personalFields.shape.suffix.optional().default(''),
});
export type PersonalData = z.infer<typeof personalDataSchema>;

export const appointmentLanguageSchema = z.enum(['nl', 'en', 'de']);

export const createAppointmentRequestSchema = personalDataSchema.extend({
  reservationId: z.uuid(),
  language: appointmentLanguageSchema.optional(),
});
export type CreateAppointmentRequest = z.infer<typeof createAppointmentRequestSchema>;

export const APPOINTMENT_STATUSES = ['confirmed', 'checked_in', 'no_show', 'cancelled'] as const;
export const appointmentStatusSchema = z.enum(APPOINTMENT_STATUSES);
export type AppointmentStatus = z.infer<typeof appointmentStatusSchema>;

/**
 * PATCH /appointment/{id}: move onto a new hold (`reservationId` + `newStatus: "confirmed"`), edit
 * personal details, or (admin, after the start) mark a no-show (`newStatus: "no_show"`).
 */
export const patchAppointmentRequestSchema = personalFields.partial().extend({
  token: tokenSchema.optional(),
  reservationId: z.uuid().optional(),
  newStatus: z.enum(['confirmed', 'no_show'], { error: 'invalid_status' }).optional(),
  language: appointmentLanguageSchema.optional(),
});
export type PatchAppointmentRequest = z.infer<typeof patchAppointmentRequestSchema>;

export const appointmentSchema = z.object({
  id,
  status: appointmentStatusSchema,
  fromDateTime: z.string(),
  untilDateTime: z.string(),
  duration: z.number().int(),
  desk: deskRefSchema,
  /** The desk's location: where the visitor goes (DESIGN §4b). */
  location: appointmentLocationSchema,
  appointmentItems: z.array(appointmentItemSchema),
  initials: z.string(),
  suffix: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string(),
  language: appointmentLanguageSchema,
  createdAt: z.string(),
  checkedInAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  /** When the visitor said "Ik kom" through a reminder's link (DESIGN §5 Reminders); null until then. */
  visitorConfirmedAt: z.string().nullable(),
  canChange: z.boolean(),
  /**
   * The visitor's personal data was erased (retention or a request, DESIGN §4b): the name, e-mail and
   * phone are '' and screens say "(gegevens verwijderd)"; what stays still counts in lists and statistics.
   */
  personalDataErased: z.boolean(),
  /** Shown to the owner, admins and the token holder; null for a cancelled appointment. */
  checkInCode: z.string().nullable(),
  /** Only in the answer to POST /appointment (and in the mail). */
  token: z.string().optional(),
});
export type Appointment = z.infer<typeof appointmentSchema>;
