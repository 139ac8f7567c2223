import { z } from 'zod';
import { emailSchema } from '../auth/schemas.js';
import { appointmentItemsSchema, appointmentLanguageSchema, reservationSchema } from '../booking/schemas.js';
import { dateSchema, idSchema as id } from '../primitives.js';

/** At most this many places per address that wait or await their confirmation (DESIGN §5 Waitlist). */
export const MAX_WAITLIST_PLACES_PER_EMAIL = 3;
/** A place covers at most this many days (the booking window is three months). */
export const MAX_WAITLIST_DAYS = 92;

/** POST /waitlist (public): what the visitor chose, where, which days, and where to write. */
export const joinWaitlistRequestSchema = z
  .object({
    appointmentItems: appointmentItemsSchema,
    /** One location, or every location that serves the products when absent. */
    locationId: id.optional(),
    from: dateSchema,
    until: dateSchema,
    email: emailSchema,
    language: appointmentLanguageSchema.optional(),
  })
  .superRefine((v, ctx) => {
    if (v.until < v.from) ctx.addIssue({ code: 'custom', path: ['until'], message: 'before_from' });
    else if ((Date.parse(v.until) - Date.parse(v.from)) / 86_400_000 >= MAX_WAITLIST_DAYS)
      ctx.addIssue({ code: 'custom', path: ['until'], message: 'too_many_days' });
  });
export type JoinWaitlistRequest = z.infer<typeof joinWaitlistRequestSchema>;

export const WAITLIST_PLACE_STATUSES = ['pending', 'active', 'left', 'booked', 'ended'] as const;

/** A place as its holder sees it (through the mail's link). */
export const waitlistPlaceSchema = z.object({
  id,
  status: z.enum(WAITLIST_PLACE_STATUSES),
  appointmentItems: z.array(z.object({ productId: id, amount: z.number().int() })),
  locationId: id.nullable(),
  from: dateSchema,
  until: dateSchema,
  createdAt: z.string(),
  confirmedAt: z.string().nullable(),
});
export type WaitlistPlace = z.infer<typeof waitlistPlaceSchema>;

/** GET /waitlist/offer/{token}: the held slot, booked with POST /appointment { reservationId, … }. */
export const waitlistOfferSchema = z.object({
  reservation: reservationSchema,
  validTill: z.string(),
});
export type WaitlistOffer = z.infer<typeof waitlistOfferSchema>;

export const adminWaitlistQuerySchema = z.object({
  productId: z.coerce.number().pipe(id).optional(),
  locationId: z.coerce.number().pipe(id).optional(),
});

/** GET /waitlist (admin): who waits (oldest first) and what the waitlist achieved. */
export const adminWaitlistSchema = z.object({
  places: z.array(
    waitlistPlaceSchema.extend({
      email: z.string(),
      /** An offer is out and waits for an answer. */
      offered: z.boolean(),
    }),
  ),
  counts: z.object({
    waiting: z.number().int(),
    /** Since when the first in line waits; null when nobody does. */
    oldestSince: z.string().nullable(),
    /** Slots booked through an offer, from Monday this week on, and in all. */
    filledThisWeek: z.number().int(),
    filledTotal: z.number().int(),
  }),
});
export type AdminWaitlist = z.infer<typeof adminWaitlistSchema>;
