import { z } from 'zod';
import { plainText } from '../primitives.js';

/** The events Balie sends (DESIGN §5 *Webhooks*), CloudEvents `type` in reverse-DNS form. */
export const WEBHOOK_EVENT_TYPES = [
  'nl.balie.appointment.booked',
  'nl.balie.appointment.changed',
  'nl.balie.appointment.cancelled',
  'nl.balie.appointment.checked-in',
  'nl.balie.appointment.no-show',
  'nl.balie.queue.called',
  'nl.balie.queue.served',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** The type of the event `POST /webhook/{id}/test` sends: to that subscription only, whatever it chose. */
export const WEBHOOK_TEST_EVENT_TYPE = 'nl.balie.webhook.test';

/** Why a subscription is paused: by an admin, after 24 hours of failures, or because the receiver said 410. */
export const WEBHOOK_PAUSE_REASONS = ['admin', 'failing', 'gone'] as const;
export type WebhookPauseReason = (typeof WEBHOOK_PAUSE_REASONS)[number];

/** The target URL; whether it may be private or plain http is the server's check (400 `webhook_url_refused`). */
const webhookUrl = z
  .string()
  .max(1000, 'too_long')
  .pipe(z.url({ protocol: /^https?$/, error: 'invalid_url' }));

/** POST /webhooks (admin). */
export const createWebhookRequestSchema = z
  .object({
    url: webhookUrl,
    events: z
      .array(z.enum(WEBHOOK_EVENT_TYPES, 'invalid_event_type'))
      .min(1, 'required')
      .max(WEBHOOK_EVENT_TYPES.length)
      // Each once, in the list's order.
      .transform((events) => WEBHOOK_EVENT_TYPES.filter((e) => events.includes(e))),
    description: plainText(200).optional(),
  })
  .strict();
export type CreateWebhookRequest = z.input<typeof createWebhookRequestSchema>;

/** PATCH /webhook/{id} (admin): pause (`active: false`) or resume (`active: true`). */
export const patchWebhookRequestSchema = z.object({ active: z.boolean() }).strict();
export type PatchWebhookRequest = z.infer<typeof patchWebhookRequestSchema>;

/** A subscription as admins see it; the secret only in the answer that made or renewed it. */
export const webhookSchema = z.object({
  id: z.number().int(),
  url: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENT_TYPES)),
  description: z.string(),
  active: z.boolean(),
  pausedReason: z.enum(WEBHOOK_PAUSE_REASONS).nullable(),
  createdAt: z.string(),
  /** Until when the secret before the last renewal still signs too (both signatures sent), or null. */
  previousSecretValidUntil: z.string().nullable(),
});
export type Webhook = z.infer<typeof webhookSchema>;

/** The answer of POST /webhooks and POST /webhook/{id}/secret: the `whsec_…` secret, shown this once. */
export const webhookWithSecretSchema = webhookSchema.extend({ secret: z.string() });
export type WebhookWithSecret = z.infer<typeof webhookWithSecretSchema>;

/** One line of GET /webhook/{id}/deliveries (the last 100, newest first). */
export const webhookDeliverySchema = z.object({
  /** The CloudEvent's id, also the `webhook-id` header of every attempt. */
  eventId: z.string(),
  type: z.string(),
  subject: z.string().nullable(),
  createdAt: z.string(),
  attempts: z.number().int(),
  /** The receiver's HTTP status of the last attempt; null before the first or when none came back. */
  lastStatus: z.number().int().nullable(),
  /** Why the last attempt failed without a status (timeout, refused connection, refused address). */
  lastError: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  /** When it is tried next; null once delivered, or while the subscription is paused. */
  nextAttemptAt: z.string().nullable(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

/** The `data` of an appointment event (DESIGN §5): nothing that names or reaches the visitor. */
export interface AppointmentEventData {
  appointmentId: number;
  status: string;
  fromDateTime: string;
  untilDateTime: string;
  location: { id: number; name: string } | null;
  desk: { id: number; name: string };
  items: Array<{ productId: number; amount: number }>;
}

/** The `data` of a queue event. */
export interface QueueEventData {
  entryId: number;
  ticket: string | null;
  appointmentId?: number;
  locationId: number;
  deskId: number | null;
}

/** An organisation identification number (OIN): 20 digits. */
export const OIN_PATTERN = /^\d{20}$/;
