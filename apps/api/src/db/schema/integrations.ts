import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { appointments } from './appointments.js';
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

/**
 * The appointments an integration client booked through the JCC-compatible API (decision 0480): the
 * string id JCC answers (`id`, a UUID) for Balie's appointment, and the key of the create that made it.
 * The unique (client, request key) makes a repeated create — a platform's retry after a timeout — book
 * once, decided by the database across processes: the first create claims the key before it books; a
 * key older than an hour, or a claim left unfinished for minutes (a process that died), is taken over.
 * Goes with its appointment (retention erases nothing here: the key is a hash, the id a random UUID).
 */
export const integrationBookings = pgTable(
  'integration_bookings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clientId: integer('client_id')
      .notNull()
      .references(() => integrationClients.id),
    requestKey: text('request_key').notNull(),
    /** Null while the create that claimed the key is still booking (a retry then waits for it). */
    appointmentId: integer('appointment_id').references((): AnyPgColumn => appointments.id, {
      onDelete: 'cascade',
    }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('integration_bookings_request_key').on(t.clientId, t.requestKey),
    index('integration_bookings_appointment_idx').on(t.appointmentId),
  ],
);
