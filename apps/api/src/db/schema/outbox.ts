import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { webhooks } from './webhooks.js';

/** The outbox kind of a webhook delivery: the webhook worker sends these, the mail worker the rest. */
export const WEBHOOK_OUTBOX_KIND = 'webhook';

/** A rendered mail as the outbox keeps it (attachments base64). */
export interface StoredMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  language: 'nl' | 'en' | 'de';
  attachments?: Array<{
    filename: string;
    contentBase64: string;
    contentType?: string;
    method?: string;
    cid?: string;
  }>;
}

/**
 * Mail queue (DESIGN §7). The payload holds ids only — never tokens or rendered text — and the worker
 * renders the mail at send time, so the table leaks nothing that opens a link.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** A worker that claimed the row owns it until then (a short lease it renews while sending); a crashed
     * worker's claim runs out and another worker takes the row (decision 0141). */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    /** Which worker holds the lease: only it renews the lease or records a failure. */
    lockedBy: text('locked_by'),
    /**
     * A mail rendered when it was queued, for the one case where the data it needs is erased before it is
     * sent (the cancellation of an erasure on request, decision 0371). Emptied the moment it is sent.
     */
    content: jsonb('content').$type<StoredMail>(),
    /**
     * A webhook delivery (kind `webhook`, decision 0440): the subscription it goes to (its deliveries go
     * with it), the CloudEvent in `payload.event`. The mail worker leaves these rows to the webhook worker.
     */
    webhookId: integer('webhook_id').references(() => webhooks.id, { onDelete: 'cascade' }),
    /**
     * Rows with the same key are sent one after the other in id order: a webhook's events of one
     * appointment (`{webhookId}:{subject}`) reach the receiver in the order they happened.
     */
    orderingKey: text('ordering_key'),
    /** The receiver's HTTP status of the last attempt (webhooks), for the deliveries log. */
    lastStatus: integer('last_status'),
  },
  (t) => [
    index('outbox_pending_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.sentAt} IS NULL`),
    index('outbox_webhook_idx').on(t.webhookId, t.id),
    index('outbox_ordering_idx')
      .on(t.orderingKey, t.id)
      .where(sql`${t.sentAt} IS NULL`),
  ],
);
