import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import type { WebhookEventType, WebhookPauseReason } from '@balie/shared';
import { users } from './users.js';

/**
 * Webhook subscriptions (DESIGN §4c *Events out*, §5). Their deliveries are rows of the one outbox
 * (`outbox.webhook_id`), written in the transaction of the change (decision 0440). The signing secret is
 * kept encrypted under a key derived from the server secret (it must be usable to sign, so it cannot be a
 * hash); the one before a renewal signs too until `previous_secret_until` (issue 36 item 4).
 */
export const webhooks = pgTable(
  'webhooks',
  {
    id: serial('id').primaryKey(),
    url: text('url').notNull(),
    events: text('events').array().$type<WebhookEventType[]>().notNull(),
    description: text('description').notNull().default(''),
    secretCipher: text('secret_cipher').notNull(),
    previousSecretCipher: text('previous_secret_cipher'),
    previousSecretUntil: timestamp('previous_secret_until', { withTimezone: true }),
    active: boolean('active').notNull().default(true),
    pausedReason: text('paused_reason').$type<WebhookPauseReason>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    createdByUserId: integer('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    check(
      'webhooks_paused_reason',
      sql`(${t.active} AND ${t.pausedReason} IS NULL) OR (NOT ${t.active} AND ${t.pausedReason} IN ('admin', 'failing', 'gone'))`,
    ),
  ],
);
