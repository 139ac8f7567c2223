import { sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../../db/client.js';
import { APPOINTMENT_MAIL } from './kinds.js';

/**
 * Queues the reminders that are due (DESIGN §4c Reminders that ask; decision 0460). The organisation's
 * `reminders` (0–2, hours before) are read in the same statement. A reminder of h hours is due for a
 * confirmed appointment ahead when its moment (start − h) has come, the appointment was booked before that
 * moment (decision 0055: who books at 10 for 11 needs no reminder), no reminder went at or after that
 * moment, and the visitor has not said "Ik kom". One statement marks `reminder_sent_at` and writes the
 * outbox rows, so several API processes running this at once never queue one twice, and a process that
 * catches up after a stop sends one reminder, not two at once. The row's payload names the start time it
 * was for: a moved appointment's old reminder is skipped at send time. Not for a booking of an
 * integration client that mails the visitor itself (DESIGN §4c).
 */
export async function enqueueDueReminders(db: DbOrTx, now = new Date()): Promise<number> {
  const at = now.toISOString();
  const rows = await queryRows<{ id: number }>(
    db,
    sql`WITH moments AS (
          SELECT make_interval(hours => (r ->> 'hoursBefore')::int) AS ahead
            FROM organisation, jsonb_array_elements(organisation.reminders) AS r
           WHERE organisation.id = 1),
        due AS (
          UPDATE appointments a SET reminder_sent_at = ${at}::timestamptz
           WHERE a.status = 'confirmed'
             AND a.visitor_confirmed_at IS NULL
             AND a.email IS NOT NULL
             AND lower(a.during) > ${at}::timestamptz
             AND EXISTS (
               SELECT 1 FROM moments m
                WHERE lower(a.during) - m.ahead <= ${at}::timestamptz
                  AND a.created_at < lower(a.during) - m.ahead
                  AND (a.reminder_sent_at IS NULL OR a.reminder_sent_at < lower(a.during) - m.ahead))
             -- An integration client that mails the visitor itself speaks for them (decision 0481).
             AND NOT EXISTS (SELECT 1 FROM integration_clients c
                              WHERE c.id = a.integration_client_id AND NOT c.mails_visitor)
          RETURNING a.id, lower(a.during) AS starts)
        INSERT INTO outbox (kind, payload)
        SELECT ${APPOINTMENT_MAIL.reminder},
               jsonb_build_object('appointmentId', id, 'startsAt', to_char(starts AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
          FROM due
        RETURNING id`,
  );
  return rows.length;
}
