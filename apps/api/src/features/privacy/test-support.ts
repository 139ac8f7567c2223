import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Appointment } from '@balie/shared';
import type { Config } from '../../config.js';
import { queryRows, type Db } from '../../db/client.js';
import { createMailTransport } from '../../mail/transport.js';
import { MailWorker } from '../../mail/worker.js';
import { confirm, holdOk, slotsOn } from '../booking/test-support/helpers.js';

let visitors = 0;

/** A visitor whose every value is unlike anything else in the database, so a search finds only them. */
export function visitor(tag: string) {
  visitors += 1;
  return {
    initials: 'Q.X.',
    suffix: 'van der',
    lastName: `Zwanenburg${tag}`,
    email: `erase.${tag.toLowerCase()}@privacy.example`,
    phone: `+31 6 97 531 ${100 + visitors}`,
  };
}
export type Visitor = ReturnType<typeof visitor>;

/** Books the `index`-th slot of `date` for `person` (a guest) and confirms it. */
export async function bookFor(
  app: FastifyInstance,
  date: string,
  index: number,
  person: Visitor,
): Promise<Appointment> {
  const slot = (await slotsOn(app, date))[index];
  if (!slot) throw new Error(`no slot ${index} on ${date}`);
  const hold = await holdOk(app, slot.beginTime);
  const res = await confirm(app, hold.id, person);
  if (res.statusCode !== 201) throw new Error(`confirm: ${res.statusCode} ${res.body}`);
  return res.json<Appointment>();
}

/**
 * Every text-like column of every table (text, varchar, arrays, json and jsonb as text) that contains
 * one of `needles` (case-insensitive): `table.column: needle` for each hit. Nothing may be left out, so
 * the columns come from the catalogue, not from a list.
 */
export async function searchDatabase(db: Db, needles: readonly string[]): Promise<string[]> {
  const columns = await queryRows<{ table_name: string; column_name: string }>(
    db,
    sql`SELECT c.table_name, c.column_name
          FROM information_schema.columns c
          JOIN information_schema.tables t
            ON t.table_schema = c.table_schema AND t.table_name = c.table_name
         WHERE c.table_schema = 'public' AND t.table_type = 'BASE TABLE'
           AND (c.data_type IN ('text', 'character varying', 'character', 'json', 'jsonb', 'ARRAY', 'USER-DEFINED'))
         ORDER BY c.table_name, c.column_name`,
  );
  if (columns.length < 20) throw new Error(`only ${columns.length} text columns found`);
  const hits: string[] = [];
  for (const { table_name, column_name } of columns) {
    for (const needle of needles) {
      const [row] = await queryRows<{ n: number }>(
        db,
        sql`SELECT count(*)::int AS n FROM ${sql.identifier(table_name)}
             WHERE ${sql.identifier(column_name)}::text ILIKE ${`%${needle}%`}`,
      );
      if ((row?.n ?? 0) > 0) hits.push(`${table_name}.${column_name}: ${needle}`);
    }
  }
  return hits;
}

/** What a search looks for of a visitor: the name, the address and the phone number. */
export const needlesOf = (v: Visitor) => [v.lastName, v.email, v.phone];

/** Sends every mail that is due, as the worker of a running server would (the .eml files of DATA_DIR). */
export async function sendDueMails(db: Db, config: Config): Promise<number> {
  const worker = new MailWorker({ db, config, transport: createMailTransport(config, () => undefined) });
  let sent = 0;
  for (;;) {
    const { sent: n, skipped, failed } = await worker.runOnce();
    if (failed > 0) throw new Error(`${failed} mails failed`);
    sent += n;
    if (n + skipped === 0) return sent;
  }
}
