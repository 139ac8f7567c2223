import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Appointment } from '@balie/shared';
import type { Db } from '../../../db/client.js';
import { appointments, auditEvents, outbox } from '../../../db/schema/index.js';
import { rendererOf, type RenderedMail } from '../../../mail/registry.js';
import type { Config } from '../../../config.js';
import { confirm, holdOk, slotsOn } from '../../booking/test-support/helpers.js';

let guests = 0;

/**
 * Books and confirms the `index`-th slot of `date` (desk as the server chooses it), for a guest of its
 * own: one address has at most five appointments ahead (DESIGN §6).
 */
export async function book(
  app: FastifyInstance,
  date: string,
  index: number,
  extra: Record<string, unknown> = {},
): Promise<Appointment> {
  const slots = await slotsOn(app, date);
  const slot = slots[index];
  if (!slot) throw new Error(`no slot ${index} on ${date}`);
  const hold = await holdOk(app, slot.beginTime);
  const res = await confirm(app, hold.id, { email: `guest-${++guests}@example.org`, ...extra });
  if (res.statusCode !== 201) throw new Error(`confirm: ${res.statusCode} ${res.body}`);
  return res.json<Appointment>();
}

export async function appointmentRow(db: Db, id: number) {
  const [row] = await db.select().from(appointments).where(eq(appointments.id, id));
  if (!row) throw new Error(`no appointment ${id}`);
  return row;
}

/**
 * The mails queued for an appointment, each rendered as the worker would send it now (`mail` null when
 * the worker would skip it, e.g. a confirmation of an appointment cancelled since).
 */
export async function mailsOf(
  db: Db,
  config: Config,
  id: number,
): Promise<Array<{ kind: string; mail: RenderedMail | null }>> {
  const rows = await db
    .select()
    .from(outbox)
    .where(sql`${outbox.payload}->>'appointmentId' = ${String(id)}`)
    .orderBy(outbox.id);
  const mails = [];
  for (const row of rows)
    mails.push({ kind: row.kind, mail: await rendererOf(row.kind)!(row.payload, { db, config }) });
  return mails;
}

export function auditOf(db: Db, action: string, subjectId: number | string) {
  return db
    .select()
    .from(auditEvents)
    .where(sql`${auditEvents.action} = ${action} AND ${auditEvents.subjectId} = ${String(subjectId)}`)
    .orderBy(auditEvents.id);
}
