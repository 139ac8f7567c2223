import { z } from 'zod';
import { appointmentItemsSchema } from '../booking/schemas.js';
import { DAY_PARTS } from '../constants.js';
import { dateSchema, idSchema as id, idParamSchema, tokenSchema } from '../primitives.js';

/** Where a queue entry is (DESIGN §4b *Calling visitors*). */
export const QUEUE_STATES = ['waiting', 'called', 'served', 'no_show'] as const;
export type QueueState = (typeof QUEUE_STATES)[number];

export const QUEUE_KINDS = ['appointment', 'walk_in'] as const;

/** A walk-in's ticket, `W001` for the first of a location's day. */
export const walkInTicket = (n: number): string => `W${String(n).padStart(3, '0')}`;
export type QueueKind = (typeof QUEUE_KINDS)[number];

/** The desk as a call names it (the display shows the name; the label is the admins' agenda label). */
export const queueDeskSchema = z.object({ id, name: z.string(), label: z.string().nullable() });

/**
 * A queue entry (DESIGN §5 *Queue*): `ticket` is a walk-in's `W001` or the first four characters of an
 * appointment's check-in code. No visitor's name, e-mail or phone: the today screen has those.
 */
export const queueEntrySchema = z.object({
  id,
  ticket: z.string(),
  kind: z.enum(QUEUE_KINDS),
  appointmentId: id.nullable(),
  locationId: id,
  products: z.array(z.object({ product: z.object({ id, title: z.string() }), amount: z.number().int() })),
  /** Minutes the products take (DESIGN §4's duration): what a walk-in counts against the walk-in share. */
  minutes: z.number().int(),
  state: z.enum(QUEUE_STATES),
  /** The appointment's start; null for a walk-in. */
  startsAt: z.string().nullable(),
  checkedInAt: z.string(),
  calledAt: z.string().nullable(),
  servedAt: z.string().nullable(),
  /** The desk that called it (while called, and after); null while waiting. */
  desk: queueDeskSchema.nullable(),
});
export type QueueEntry = z.infer<typeof queueEntrySchema>;

/** GET /queue?locationId= (staff): today's entries of that location. */
export const queueQuerySchema = z.object({ locationId: idParamSchema });
export type QueueQuery = z.infer<typeof queueQuerySchema>;

/** POST /queue/call: the chosen entry, or without it the next waiting visitor whom the desk serves. */
export const queueCallRequestSchema = z
  .object({ deskId: id, appointmentId: id.optional(), entryId: id.optional() })
  .strict();
export type QueueCallRequest = z.infer<typeof queueCallRequestSchema>;

export const queueEntryParamsSchema = z.object({ entryId: idParamSchema });

/** POST /walk-ins (staff): a ticket for a visitor without an appointment. */
export const walkInRequestSchema = z
  .object({ locationId: id, appointmentItems: appointmentItemsSchema })
  .strict();
export type WalkInRequest = z.infer<typeof walkInRequestSchema>;

/** One day part's walk-in minutes at a location today: the overflow share, what walk-ins took, what is left. */
export const walkInPartSchema = z.object({
  dayPart: z.enum(DAY_PARTS),
  /**
   * Whether any desk of the location keeps a share of this day part for walk-ins (decision 0431). When
   * false there is no limit: `total` and `left` are 0 and mean nothing to warn about.
   */
  shareSet: z.boolean(),
  total: z.number().int(),
  used: z.number().int(),
  left: z.number().int(),
});

/**
 * GET /walk-ins/minutes?locationId= (staff): today's walk-in share (DESIGN §4 overflow) per day part,
 * with the day part it is now; a walk-in counts in the day part it came in.
 */
export const walkInMinutesSchema = z.object({
  date: dateSchema,
  current: z.enum(DAY_PARTS),
  parts: z.array(walkInPartSchema),
});
export type WalkInMinutes = z.infer<typeof walkInMinutesSchema>;

/** A call as the waiting room's display shows it: never a visitor's name, e-mail or phone. */
export const displayCallSchema = z.object({
  id,
  ticket: z.string(),
  desk: z.object({ name: z.string(), label: z.string().nullable() }),
  calledAt: z.string(),
});
export type DisplayCall = z.infer<typeof displayCallSchema>;

/** The display routes' query: the location's display key. */
export const displayQuerySchema = z.object({ key: tokenSchema });
export const displayParamsSchema = z.object({ locationId: idParamSchema });

/** POST /location/{id}/display-key (admin) answers the new key. */
export const displayKeySchema = z.object({ displayKey: z.string() });

/** How long before and after the start a visitor may check in themselves through the mail's link. */
export const SELF_CHECK_IN_MINUTES = 30;

/** How many calls the display shows (DESIGN §5: the last ten). */
export const DISPLAY_CALLS = 10;
