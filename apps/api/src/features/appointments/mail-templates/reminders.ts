import { sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../../db/client.js';
import { APPOINTMENT_MAIL } from './kinds.js';

/**
 * Queues the reminder of every confirmed appointment starting within 24 hours that was booked earlier
 * than that (decision 0055), once: one statement marks reminder_sent_at and writes the outbox rows, so
 * several API processes running this at once never queue a reminder twice. Not for a booking of an
 * integration client that mails the visitor itself (DESIGN §4c).
 */
export async function enqueueDueReminders(db: DbOrTx, now = new Date()): Promise<number> {
  const at = now.toISOString();
  const rows = await queryRows<{ id: number }>(
    db,
    sql`WITH due AS (
          UPDATE appointments SET reminder_sent_at = ${at}::timestamptz
           WHERE status = 'confirmed'
             AND reminder_sent_at IS NULL
             AND lower(during) > ${at}::timestamptz
             AND lower(during) <= ${at}::timestamptz + interval '24 hours'
             AND created_at < lower(during) - interval '24 hours'
             -- An integration client that mails the visitor itself speaks for them (decision 0481).
             AND NOT EXISTS (SELECT 1 FROM integration_clients c
                              WHERE c.id = appointments.integration_client_id AND NOT c.mails_visitor)
          RETURNING id)
        INSERT INTO outbox (kind, payload)
        SELECT ${APPOINTMENT_MAIL.reminder}, jsonb_build_object('appointmentId', id) FROM due
        RETURNING id`,
  );
  return rows.length;
}
