import { and, asc, desc, eq, inArray, isNotNull, ne, sql, type SQL } from 'drizzle-orm';
import type { ProductTranslations } from '@balie/shared';
import { queryRows, type DbOrTx, type Tx } from '../../db/client.js';
import {
  appointmentItems,
  appointments,
  desks,
  displayStreams,
  locations,
  products,
  queueEntries,
  queueEntryItems,
} from '../../db/schema/index.js';

export type QueueEntryRow = typeof queueEntries.$inferSelect;

/** An entry with what its presentation needs: the appointment's start and code, the calling desk, items. */
export interface QueueEntryView {
  row: QueueEntryRow;
  /** The appointment's check-in code (its first four characters are the ticket); null for walk-ins. */
  checkInCode: string | null;
  startsAt: Date | null;
  desk: { id: number; name: string; label: string | null } | null;
  items: Array<{ product: { id: number; title: string; translations: ProductTranslations }; amount: number }>;
}

export interface ItemInput {
  productId: number;
  amount: number;
}

/** The calling desk as a call reads it: its location and whether it serves every product. */
export interface CallingDesk {
  id: number;
  name: string;
  label: string | null;
  active: boolean;
  locationId: number;
  servesAllProducts: boolean;
}

export async function findDesk(db: DbOrTx, id: number): Promise<CallingDesk | undefined> {
  const [row] = await db
    .select({
      id: desks.id,
      name: desks.name,
      label: desks.label,
      active: desks.active,
      locationId: desks.locationId,
      servesAllProducts: desks.servesAllProducts,
    })
    .from(desks)
    .where(eq(desks.id, id));
  return row;
}

async function insertItems(tx: Tx, entryId: number, items: readonly ItemInput[]): Promise<void> {
  if (items.length === 0) return;
  await tx.insert(queueEntryItems).values(items.map((i) => ({ entryId, ...i })));
}

/**
 * Puts a checked-in appointment in its location's queue of `day` (the items copied, so the entry keeps
 * its products whatever happens to the appointment later). Once per appointment: a second check-in of
 * the same appointment (impossible by its state) would hit the unique index.
 */
export async function insertAppointmentEntry(
  tx: Tx,
  entry: {
    appointmentId: number;
    locationId: number;
    day: string;
    startsAt: Date;
    at: Date;
    minutes: number;
  },
): Promise<QueueEntryRow> {
  const [row] = await tx
    .insert(queueEntries)
    .values({
      locationId: entry.locationId,
      day: entry.day,
      kind: 'appointment',
      appointmentId: entry.appointmentId,
      minutes: entry.minutes,
      dueAt: entry.at > entry.startsAt ? entry.at : entry.startsAt,
      checkedInAt: entry.at,
    })
    .returning();
  const items = await tx
    .select({ productId: appointmentItems.productId, amount: appointmentItems.amount })
    .from(appointmentItems)
    .where(eq(appointmentItems.appointmentId, entry.appointmentId));
  await insertItems(tx, row!.id, items);
  return row!;
}

/**
 * A walk-in's entry with the next ticket number of the location and day: numbering is serialised per
 * location by an advisory lock, so two desks making tickets at once get W001 and W002, on every process.
 */
export async function insertWalkInEntry(
  tx: Tx,
  entry: { locationId: number; day: string; at: Date; minutes: number; items: readonly ItemInput[] },
): Promise<QueueEntryRow> {
  await queryRows(
    tx,
    sql`SELECT pg_advisory_xact_lock(hashtext('walk-in-ticket'), ${entry.locationId}::int)`,
  );
  const [last] = await tx
    .select({ n: sql<number | null>`max(${queueEntries.walkInNumber})` })
    .from(queueEntries)
    .where(and(eq(queueEntries.locationId, entry.locationId), eq(queueEntries.day, entry.day)));
  const [row] = await tx
    .insert(queueEntries)
    .values({
      locationId: entry.locationId,
      day: entry.day,
      kind: 'walk_in',
      walkInNumber: Number(last?.n ?? 0) + 1,
      minutes: entry.minutes,
      dueAt: entry.at,
      checkedInAt: entry.at,
    })
    .returning();
  await insertItems(tx, row!.id, entry.items);
  return row!;
}

/**
 * Whether desk `deskId` serves every product of the entry `entryId` names (DESIGN §4b): it serves them
 * all, or no item of the entry is missing from its list.
 */
function deskServesEntry(deskId: number, servesAll: boolean, entryId: SQL): SQL {
  if (servesAll) return sql`TRUE`;
  return sql`NOT EXISTS (
    SELECT 1 FROM ${queueEntryItems} i
    WHERE i.entry_id = ${entryId}
      AND NOT EXISTS (SELECT 1 FROM desk_products dp WHERE dp.desk_id = ${deskId} AND dp.product_id = i.product_id))`;
}

/**
 * The call of "next" in one statement: the first waiting entry of the desk's location and `day` that
 * the desk serves, in calling order (due, then id), becomes called by this desk. `FOR UPDATE SKIP LOCKED`
 * makes desks pressing at once on any process take different entries (an entry another call holds is
 * passed over; one it has just called no longer matches `state = 'waiting'` on the recheck).
 */
export async function callNextEntry(
  tx: Tx,
  call: { desk: CallingDesk; day: string; at: Date; userId: number },
): Promise<QueueEntryRow | undefined> {
  const { desk } = call;
  const rows = await queryRows<{ id: number }>(
    tx,
    sql`UPDATE ${queueEntries} SET state = 'called', called_at = ${call.at.toISOString()}::timestamptz,
          desk_id = ${desk.id}, called_by_user_id = ${call.userId}
        WHERE id = (
          SELECT q.id FROM ${queueEntries} q
          WHERE q.location_id = ${desk.locationId} AND q.day = ${call.day}::date AND q.state = 'waiting'
            AND ${deskServesEntry(desk.id, desk.servesAllProducts, sql`q.id`)}
          ORDER BY q.due_at, q.id
          LIMIT 1
          FOR UPDATE SKIP LOCKED)
        RETURNING id`,
  );
  const id = rows[0]?.id;
  return id === undefined ? undefined : findEntry(tx, id);
}

/** Whether `desk` serves every product of the entry. */
export async function deskServes(db: DbOrTx, desk: CallingDesk, entryId: number): Promise<boolean> {
  const [row] = await queryRows<{ ok: boolean }>(
    db,
    sql`SELECT ${deskServesEntry(desk.id, desk.servesAllProducts, sql`${entryId}::int`)} AS ok`,
  );
  return row?.ok === true;
}

export async function findEntry(db: DbOrTx, id: number): Promise<QueueEntryRow | undefined> {
  const [row] = await db.select().from(queueEntries).where(eq(queueEntries.id, id));
  return row;
}

/** The entry locked for the rest of the transaction: changes of one entry go one after the other. */
export async function lockEntry(tx: Tx, id: number): Promise<QueueEntryRow | undefined> {
  const [row] = await tx.select().from(queueEntries).where(eq(queueEntries.id, id)).for('update');
  return row;
}

/** The entry of an appointment, locked. */
export async function lockEntryOfAppointment(
  tx: Tx,
  appointmentId: number,
): Promise<QueueEntryRow | undefined> {
  const [row] = await tx
    .select()
    .from(queueEntries)
    .where(eq(queueEntries.appointmentId, appointmentId))
    .for('update');
  return row;
}

export async function updateEntry(
  tx: Tx,
  id: number,
  values: Partial<Pick<QueueEntryRow, 'state' | 'calledAt' | 'servedAt' | 'deskId' | 'calledByUserId'>>,
): Promise<QueueEntryRow> {
  const [row] = await tx.update(queueEntries).set(values).where(eq(queueEntries.id, id)).returning();
  return row!;
}

/** A checked-in appointment becomes a no-show (its queue entry did); false when it was not checked in. */
export async function markAppointmentNoShow(tx: Tx, appointmentId: number): Promise<boolean> {
  const rows = await tx
    .update(appointments)
    .set({ status: 'no_show' })
    .where(and(eq(appointments.id, appointmentId), eq(appointments.status, 'checked_in')))
    .returning({ id: appointments.id });
  return rows.length > 0;
}

/** Entries with what presenting them needs, in calling order (due, then id). */
export async function entryViews(
  db: DbOrTx,
  where: { locationId: number; day: string } | { ids: number[] },
): Promise<QueueEntryView[]> {
  const filter =
    'ids' in where
      ? inArray(queueEntries.id, where.ids.length ? where.ids : [0])
      : and(eq(queueEntries.locationId, where.locationId), eq(queueEntries.day, where.day));
  const rows = await db
    .select({
      row: queueEntries,
      checkInCode: appointments.checkInCode,
      startsAt: sql<string | null>`lower(${appointments.during})`,
      deskId: desks.id,
      deskName: desks.name,
      deskLabel: desks.label,
    })
    .from(queueEntries)
    .leftJoin(appointments, eq(appointments.id, queueEntries.appointmentId))
    .leftJoin(desks, eq(desks.id, queueEntries.deskId))
    .where(filter)
    .orderBy(asc(queueEntries.dueAt), asc(queueEntries.id));
  const ids = rows.map((r) => r.row.id);
  const items = ids.length
    ? await db
        .select({
          entryId: queueEntryItems.entryId,
          amount: queueEntryItems.amount,
          id: products.id,
          title: products.title,
          translations: products.translations,
        })
        .from(queueEntryItems)
        .innerJoin(products, eq(products.id, queueEntryItems.productId))
        .where(inArray(queueEntryItems.entryId, ids))
        .orderBy(asc(products.position), asc(products.id))
    : [];
  return rows.map((r) => ({
    row: r.row,
    checkInCode: r.checkInCode,
    startsAt: r.startsAt === null ? null : new Date(r.startsAt),
    desk: r.deskId === null ? null : { id: r.deskId, name: r.deskName!, label: r.deskLabel },
    items: items
      .filter((i) => i.entryId === r.row.id)
      .map((i) => ({
        product: { id: i.id, title: i.title, translations: i.translations },
        amount: i.amount,
      })),
  }));
}

/** The last `limit` calls of a location's day, newest first: what the waiting room's display shows. */
export async function lastCalls(
  db: DbOrTx,
  where: { locationId: number; day: string },
  limit: number,
): Promise<QueueEntryView[]> {
  const rows = await db
    .select({ id: queueEntries.id })
    .from(queueEntries)
    .where(
      and(
        eq(queueEntries.locationId, where.locationId),
        eq(queueEntries.day, where.day),
        isNotNull(queueEntries.calledAt),
        ne(queueEntries.state, 'waiting'),
      ),
    )
    .orderBy(desc(queueEntries.calledAt), desc(queueEntries.id))
    .limit(limit);
  const views = await entryViews(db, { ids: rows.map((r) => r.id) });
  return rows.map((r) => views.find((v) => v.row.id === r.id)!);
}

/** Minutes of today's walk-ins per day part at a location (no-shows took none). */
export async function walkInEntries(
  db: DbOrTx,
  where: { locationId: number; day: string },
): Promise<Array<{ checkedInAt: Date; minutes: number }>> {
  return db
    .select({ checkedInAt: queueEntries.checkedInAt, minutes: queueEntries.minutes })
    .from(queueEntries)
    .where(
      and(
        eq(queueEntries.locationId, where.locationId),
        eq(queueEntries.day, where.day),
        eq(queueEntries.kind, 'walk_in'),
        ne(queueEntries.state, 'no_show'),
      ),
    );
}

/** The location's id, name and display key version; undefined for an unknown one. */
export async function findLocationKey(
  db: DbOrTx,
  id: number,
): Promise<{ id: number; name: string; active: boolean; displayKeyVersion: number } | undefined> {
  const [row] = await db
    .select({
      id: locations.id,
      name: locations.name,
      active: locations.active,
      displayKeyVersion: locations.displayKeyVersion,
    })
    .from(locations)
    .where(eq(locations.id, id));
  return row;
}

/** Raises the display key's version: the old key opens nothing from now on. */
export async function renewDisplayKeyVersion(tx: Tx, id: number): Promise<number | undefined> {
  const [row] = await tx
    .update(locations)
    .set({ displayKeyVersion: sql`${locations.displayKeyVersion} + 1` })
    .where(eq(locations.id, id))
    .returning({ version: locations.displayKeyVersion });
  return row?.version;
}

/** Announces a call to every API process's displays (LISTEN/NOTIFY; sent when the transaction commits). */
export async function notifyCall(tx: Tx, payload: string): Promise<void> {
  await queryRows(tx, sql`SELECT pg_notify(${QUEUE_CHANNEL}, ${payload})`);
}

/** Announces a renewed display key to every API process (sent when the transaction commits). */
export async function notifyKeyRenewed(tx: Tx, payload: string): Promise<void> {
  await queryRows(tx, sql`SELECT pg_notify(${DISPLAY_KEY_CHANNEL}, ${payload})`);
}

/**
 * Puts the openings of display streams of one location, and of one client address, one after the other
 * until the end of the transaction, across processes (the caps of decision 0416 are counted under them).
 * Every opening takes the location's lock first and the address's second, so two never wait for each
 * other in a circle; a hash collision of two addresses only makes them wait for each other.
 */
export async function lockStreamCounts(tx: Tx, locationId: number, clientKey: string): Promise<void> {
  await queryRows(tx, sql`SELECT pg_advisory_xact_lock(hashtext('display-location'), ${locationId}::int4)`);
  await queryRows(tx, sql`SELECT pg_advisory_xact_lock(hashtext('display-client'), hashtext(${clientKey}))`);
}

/** The open streams of the location and of the client key, over every process (rows seen lately only). */
export async function countOpenStreams(
  tx: Tx,
  where: { locationId: number; clientKey: string; staleSeconds: number },
): Promise<{ atLocation: number; ofClient: number }> {
  const [row] = await queryRows<{ atLocation: number; ofClient: number }>(
    tx,
    sql`SELECT count(*) FILTER (WHERE location_id = ${where.locationId})::int AS "atLocation",
               count(*) FILTER (WHERE client_key = ${where.clientKey})::int AS "ofClient"
          FROM display_streams
         WHERE (location_id = ${where.locationId} OR client_key = ${where.clientKey})
           AND seen_at > now() - make_interval(secs => ${where.staleSeconds}::float8)`,
  );
  return row!;
}

/** Records an open stream; its id is what the heartbeat refreshes and the stream's end deletes. */
export async function insertOpenStream(
  tx: Tx,
  row: { process: string; locationId: number; clientKey: string },
): Promise<number> {
  const [inserted] = await tx.insert(displayStreams).values(row).returning({ id: displayStreams.id });
  return inserted!.id;
}

/** The streams `ids` are still open: they go on counting. */
export async function refreshOpenStreams(db: DbOrTx, ids: number[]): Promise<void> {
  if (ids.length)
    await db
      .update(displayStreams)
      .set({ seenAt: sql`now()` })
      .where(inArray(displayStreams.id, ids));
}

/** Forgets ended streams: one by id, or every stream of a stopping process. */
export async function deleteOpenStreams(
  db: DbOrTx,
  which: { ids: number[] } | { process: string },
): Promise<void> {
  await db
    .delete(displayStreams)
    .where(
      'ids' in which ? inArray(displayStreams.id, which.ids) : eq(displayStreams.process, which.process),
    );
}

/** Deletes the rows of streams whose process stopped without deleting them, long after they stopped counting. */
export async function forgetDeadStreams(db: DbOrTx, olderThanSeconds: number): Promise<void> {
  await db
    .delete(displayStreams)
    .where(sql`${displayStreams.seenAt} < now() - make_interval(secs => ${olderThanSeconds}::float8)`);
}

/** The channel of calls between API processes. */
export const QUEUE_CHANNEL = 'balie_queue_calls';
/**
 * The channel of display key renewals (decision 0417): a channel of its own, so that a process of an
 * older version, during a rolling upgrade, never takes a renewal for a call.
 */
export const DISPLAY_KEY_CHANNEL = 'balie_display_keys';
