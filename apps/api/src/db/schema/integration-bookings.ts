import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { appointments } from './appointments.js';
import { integrationClients } from './integrations.js';

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
    appointmentId: integer('appointment_id').references(() => appointments.id, {
      onDelete: 'cascade',
    }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('integration_bookings_request_key').on(t.clientId, t.requestKey),
    index('integration_bookings_appointment_idx').on(t.appointmentId),
  ],
);
