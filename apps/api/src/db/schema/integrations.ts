import { boolean, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/**
 * Integration clients (DESIGN §4c, §5): systems that book through Balie with OAuth2 client credentials.
 * Only the secret's SHA-256 is kept (it is 256 random bits: no slow hash needed to resist guessing).
 * Renewing the secret raises `secretVersion`, which every token carries, so the old secret's tokens end
 * with it. A revoked client keeps its row, so the audit trail and the appointments it made still name it.
 */
export const integrationClients = pgTable(
  'integration_clients',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    clientId: text('client_id').notNull(),
    secretHash: text('secret_hash').notNull(),
    secretVersion: integer('secret_version').notNull().default(1),
    mailsVisitor: boolean('mails_visitor').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    createdByUserId: integer('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('integration_clients_client_id_key').on(t.clientId)],
);
