import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

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
  },
  (t) => [
    index('outbox_pending_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.sentAt} IS NULL`),
  ],
);
