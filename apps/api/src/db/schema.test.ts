import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDatabases, type TestDatabase } from '../test/databases.js';
import { queryRows } from './client.js';
import { sqlStateOf } from './errors.js';
import { appointments, desks, locations } from './schema/index.js';

async function rejectsWith(promise: Promise<unknown>): Promise<string | undefined> {
  try {
    await promise;
  } catch (err) {
    return sqlStateOf(err);
  }
  return undefined;
}

describe.each(testDatabases)('schema and migrations on %s', (kind) => {
  let database: TestDatabase;
  let deskId: number;
  let locationId: number;
  const at = (h: number, m = 0) => new Date(Date.UTC(2030, 0, 7, h, m));
  const row = (from: Date, until: Date, extra: Partial<typeof appointments.$inferInsert> = {}) => ({
    reservationId: randomUUID(),
    status: 'confirmed' as const,
    deskId,
    during: { from, until },
    groupKey: randomUUID(),
    lastName: 'Test',
    ...extra,
  });

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    // Migration 0012 made the one location every installation starts with.
    const [location] = await database.db.select().from(locations);
    locationId = location!.id;
    const [desk] = await database.db.insert(desks).values({ name: 'Desk', locationId }).returning();
    deskId = desk!.id;
  });
  afterAll(() => database?.close());

  it('applies every migration and seeds the language reference data', async () => {
    const langs = await queryRows<{ id: number; code: string }>(
      database.db,
      sql`SELECT id, code FROM languages ORDER BY id`,
    );
    expect(langs).toEqual([
      { id: 1, code: 'en-GB' },
      { id: 2, code: 'de-DE' },
      { id: 251, code: 'nl-NL' },
    ]);
    const ext = await queryRows<{ extname: string }>(
      database.db,
      sql`SELECT extname FROM pg_extension WHERE extname = 'btree_gist'`,
    );
    expect(ext).toHaveLength(1);
  });

  it('round-trips a tstzrange as { from, until }', async () => {
    const [saved] = await database.db
      .insert(appointments)
      .values(row(at(6), at(6, 12)))
      .returning();
    expect(saved!.during).toEqual({ from: at(6), until: at(6, 12) });
  });

  it('rejects overlapping active rows on one desk with SQLSTATE 23P01', async () => {
    await database.db.insert(appointments).values(row(at(9), at(9, 24)));
    expect(await rejectsWith(database.db.insert(appointments).values(row(at(9, 12), at(9, 36))))).toBe(
      '23P01',
    );
    // A hold overlaps a confirmed booking just the same.
    const hold = row(at(9, 12), at(9, 24), { status: 'reserved', validTill: new Date() });
    expect(await rejectsWith(database.db.insert(appointments).values(hold))).toBe('23P01');
  });

  it('allows touching ranges, cancelled rows, other desks and a change-hold of the same group', async () => {
    const groupKey = randomUUID();
    await database.db.insert(appointments).values(row(at(10), at(10, 24), { groupKey }));
    // Half-open ranges: [10:24, 10:36) touches [10:00, 10:24) without overlapping.
    await database.db.insert(appointments).values(row(at(10, 24), at(10, 36)));
    await database.db.insert(appointments).values(row(at(10), at(10, 24), { status: 'cancelled' }));
    const [other] = await database.db.insert(desks).values({ name: 'Other', locationId }).returning();
    await database.db.insert(appointments).values(row(at(10), at(10, 24), { deskId: other!.id }));
    await database.db
      .insert(appointments)
      .values(row(at(10, 12), at(10, 24), { groupKey, status: 'reserved', validTill: new Date() }));
  });

  it('enforces the CHECK constraints', async () => {
    expect(
      await rejectsWith(database.db.insert(desks).values({ name: 'X', locationId, overflowMorning: 101 })),
    ).toBe('23514');
    expect(
      await rejectsWith(
        database.db.insert(appointments).values(row(at(12), at(12, 12), { status: 'reserved' })),
      ),
    ).toBe('23514');
    expect(
      await rejectsWith(
        database.db.execute(
          sql`INSERT INTO desk_opening_hours (desk_id, weekday, opens, closes) VALUES (${deskId}, 1, '12:00', '09:00')`,
        ),
      ),
    ).toBe('23514');
  });
});
