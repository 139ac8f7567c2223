import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it as test } from 'vitest';
import { createTestDatabase, testDatabases } from '../test/databases.js';
import { openDatabase, rawQuery, type Database } from './client.js';
import { migrateDatabase, MIGRATIONS_FOLDER } from './migrate.js';

/**
 * Each case migrates an empty database twice (up to a tag, then the rest): on a busy or half-as-fast
 * machine PGlite takes longer than the API tests' 30 s for that (seen: 35–39 s beside other work).
 */
const it = (name: string, fn: () => Promise<void>) => test(name, fn, 120_000);

/** A copy of the migrations that ends with `lastTag`: what an installation of that time had applied. */
function migrationsUntil(lastTag: string): string {
  const folder = mkdtempSync(path.join(tmpdir(), 'balie-migrations-'));
  cpSync(MIGRATIONS_FOLDER, folder, { recursive: true });
  const journalPath = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
  const end = journal.entries.findIndex((e) => e.tag === lastTag);
  if (end < 0) throw new Error(`no migration ${lastTag}`);
  journal.entries = journal.entries.slice(0, end + 1);
  writeFileSync(journalPath, JSON.stringify(journal));
  return folder;
}

/** An empty database of the kind (not the migrated template the other tests start from). */
async function emptyDatabase(kind: 'pglite' | 'postgres'): Promise<Database> {
  if (kind === 'pglite')
    return openDatabase({ databaseUrl: undefined, dataDir: '' }, { pgliteDataDir: 'memory://' });
  const database = await createTestDatabase(kind);
  // createTestDatabase migrates; start again from nothing in the same throw-away database.
  await rawQuery(database)(
    'DROP SCHEMA public CASCADE; DROP SCHEMA IF EXISTS drizzle CASCADE; CREATE SCHEMA public',
  );
  return database;
}

/**
 * Migrations move existing data forward (DEVELOPERS.md): a database made before a change keeps what it
 * held, in the new shape. Each case applies the migrations up to the one before, writes what an office
 * of that time had, then applies the rest.
 */
describe.each(testDatabases)('migrations bring an existing database forward on %s', (kind) => {
  const folders: string[] = [];
  afterAll(() => folders.forEach((f) => rmSync(f, { recursive: true, force: true })));

  it('0012 puts every desk in one location made from the organisation’s address, serving every product', async () => {
    const database = await emptyDatabase(kind);
    try {
      const old = migrationsUntil('0011_invitations');
      folders.push(old);
      await migrateDatabase(database, old);
      const q = rawQuery(database);
      await q(
        `UPDATE organisation SET name = 'Gemeente Oud', street = 'Markt 1', postcode = '1111 AA', city = 'Oudstad', phone = '14 000'`,
      );
      await q(`INSERT INTO desks (name) VALUES ('Balie A'), ('Balie B')`);
      await migrateDatabase(database);
      const locations = await q<{ id: number; name: string; street: string; city: string; phone: string }>(
        'SELECT id, name, street, city, phone FROM locations',
      );
      expect(locations).toEqual([
        { id: expect.anything(), name: 'Gemeente Oud', street: 'Markt 1', city: 'Oudstad', phone: '14 000' },
      ]);
      const desks = await q<{ name: string; location_id: number; serves_all_products: boolean }>(
        'SELECT name, location_id, serves_all_products FROM desks ORDER BY name',
      );
      expect(desks).toEqual(
        ['Balie A', 'Balie B'].map((name) => ({
          name,
          location_id: locations[0]!.id,
          serves_all_products: true,
        })),
      );
    } finally {
      await database.close();
    }
  });

  it('0013 keeps the content of files stored whole, now in pieces', async () => {
    const database = await emptyDatabase(kind);
    try {
      const old = migrationsUntil('0012_locations');
      folders.push(old);
      await migrateDatabase(database, old);
      const q = rawQuery(database);
      await q(`INSERT INTO products (title, time_unit) VALUES ('Paspoort', 12)`);
      await q(
        `INSERT INTO product_files (product_id, file_name, mime_type, size, content)
         SELECT id, 'uitleg.pdf', 'application/pdf', 9, convert_to('%PDF-1.4' || chr(10), 'UTF8') FROM products`,
      );
      await migrateDatabase(database);
      const pieces = await q<{ file_name: string; seq: number; data: string }>(
        `SELECT f.file_name, c.seq, convert_from(c.data, 'UTF8') AS data
         FROM product_files f JOIN product_file_chunks c ON c.file_id = f.id`,
      );
      expect(pieces).toEqual([{ file_name: 'uitleg.pdf', seq: 0, data: '%PDF-1.4\n' }]);
    } finally {
      await database.close();
    }
  });

  it('0015 takes each account’s last sign-in from the audit trail, with two-step sign-in off', async () => {
    const database = await emptyDatabase(kind);
    try {
      const old = migrationsUntil('0014_locations_schedule_version');
      folders.push(old);
      await migrateDatabase(database, old);
      const q = rawQuery(database);
      await q(
        `INSERT INTO users (email, password_hash) VALUES ('oud@example.org', 'x'), ('nooit@example.org', 'x')`,
      );
      await q(
        `INSERT INTO audit_events (at, actor_user_id, action, subject_type, subject_id)
         SELECT at::timestamptz, u.id, action, 'user', u.id::text FROM users u,
           (VALUES ('2026-01-05T09:00:00Z', 'login'), ('2026-03-01T09:00:00Z', 'login'),
                   ('2026-04-01T09:00:00Z', 'login_failed')) AS e(at, action)
         WHERE u.email = 'oud@example.org'`,
      );
      await migrateDatabase(database);
      const rows = await q<{ email: string; last_login_at: Date | string | null; mfa_enabled_at: null }>(
        'SELECT email, last_login_at, mfa_enabled_at FROM users ORDER BY email',
      );
      expect(
        rows.map((r) => [
          r.email,
          r.last_login_at && new Date(r.last_login_at).toISOString(),
          r.mfa_enabled_at,
        ]),
      ).toEqual([
        ['nooit@example.org', null, null],
        ['oud@example.org', '2026-03-01T09:00:00.000Z', null],
      ]);
    } finally {
      await database.close();
    }
  });

  it('0020 keeps the days rolled up, per day part with the hours as arrays, and marks only today live', async () => {
    const database = await emptyDatabase(kind);
    try {
      const old = migrationsUntil('0019_branding');
      folders.push(old);
      await migrateDatabase(database, old);
      const q = rawQuery(database);
      const [location] = await q<{ id: number }>(`INSERT INTO locations (name) VALUES ('Oud') RETURNING id`);
      const [desk] = await q<{ id: number }>(
        `INSERT INTO desks (name, location_id) VALUES ('Balie A', $1) RETURNING id`,
        [location!.id],
      );
      // A past day and today (by the database's clock): both rolled up, today still dirty.
      await q(
        `INSERT INTO statistics_days (day, starts_at, ends_at, dirty) VALUES
           ('2026-03-02', '2026-03-01T23:00:00Z', '2026-03-02T23:00:00Z', false),
           (now()::date, now() - interval '1 hour', now() + interval '1 hour', true)`,
      );
      // 2 March: 9:00 and 10:00 (morning) and 13:00 (afternoon) at the desk; a walk-in nobody called at 10:00.
      await q(
        `INSERT INTO statistics_hours (day, location_id, desk_id, hour, booked, checked_in, no_show, cancelled,
                                       walk_ins, walk_in_minutes, no_show_minutes, open_minutes, booked_minutes, lead_0, lead_31)
         VALUES ('2026-03-02', $1, $2, 9, 3, 2, 1, 0, 0, 0, 12, 60, 36, 1, 2),
                ('2026-03-02', $1, $2, 10, 1, 1, 0, 1, 2, 24, 0, 45, 12, 0, 1),
                ('2026-03-02', $1, $2, 13, 2, 2, 0, 0, 0, 0, 0, 60, 24, 2, 0),
                ('2026-03-02', $1, NULL, 10, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0)`,
        [location!.id, desk!.id],
      );
      await migrateDatabase(database);
      const parts = await q<Record<string, unknown>>(
        `SELECT desk_id, day_part, booked, checked_in, no_show, cancelled, walk_ins, walk_in_minutes,
                no_show_minutes, open_minutes, booked_minutes, lead_0, lead_31, hours, open_by_hour, booked_by_hour
           FROM statistics_parts WHERE day = '2026-03-02' ORDER BY desk_id NULLS LAST, day_part`,
      );
      const row = (r: Record<string, unknown>) => ({
        ...r,
        hours: (r.hours as number[]).map(Number),
        open_by_hour: (r.open_by_hour as number[]).map(Number),
        booked_by_hour: (r.booked_by_hour as number[]).map(Number),
      });
      expect(parts.map(row)).toEqual([
        {
          desk_id: desk!.id,
          day_part: 0,
          booked: 4,
          checked_in: 3,
          no_show: 1,
          cancelled: 1,
          walk_ins: 2,
          walk_in_minutes: 24,
          no_show_minutes: 12,
          open_minutes: 105,
          booked_minutes: 48,
          lead_0: 1,
          lead_31: 3,
          hours: [9, 10],
          open_by_hour: [60, 45],
          booked_by_hour: [36, 12],
        },
        {
          desk_id: desk!.id,
          day_part: 1,
          booked: 2,
          checked_in: 2,
          no_show: 0,
          cancelled: 0,
          walk_ins: 0,
          walk_in_minutes: 0,
          no_show_minutes: 0,
          open_minutes: 60,
          booked_minutes: 24,
          lead_0: 2,
          lead_31: 0,
          hours: [13],
          open_by_hour: [60],
          booked_by_hour: [24],
        },
        {
          desk_id: null,
          day_part: 0,
          booked: 0,
          checked_in: 0,
          no_show: 0,
          cancelled: 0,
          walk_ins: 1,
          walk_in_minutes: 0,
          no_show_minutes: 0,
          open_minutes: 0,
          booked_minutes: 0,
          lead_0: 0,
          lead_31: 0,
          hours: [],
          open_by_hour: [],
          booked_by_hour: [],
        },
      ]);
      const markers = await q<{ day: string; dirty: boolean; live: boolean }>(
        `SELECT day::text AS day, dirty, live FROM statistics_days ORDER BY day`,
      );
      expect(markers.map((m) => [m.dirty, m.live])).toEqual([
        [false, false],
        [true, true],
      ]);
      expect(
        await q(`SELECT 1 FROM information_schema.tables WHERE table_name = 'statistics_hours'`),
      ).toEqual([]);
    } finally {
      await database.close();
    }
  });
  it('0022 withdraws the open invitations whose sender is gone or no longer an admin, audited', async () => {
    const database = await emptyDatabase(kind);
    try {
      const old = migrationsUntil('0020_statistics_parts');
      folders.push(old);
      await migrateDatabase(database, old);
      const q = rawQuery(database);
      await q(
        `INSERT INTO users (email, password_hash, roles) VALUES
           ('beheer@example.org', 'x', ARRAY['ROLE_USER', 'ROLE_ADMIN']),
           ('ontwikkel@example.org', 'x', ARRAY['ROLE_DEVELOPER']),
           ('oud-beheer@example.org', 'x', ARRAY['ROLE_USER', 'ROLE_STAFF'])`,
      );
      // One per case: sent by an admin, a developer, a demoted admin, a deleted one (sender emptied),
      // and by the demoted admin but already accepted or withdrawn (left as they are).
      await q(
        `INSERT INTO invitations (email, role, language, token_hash, nonce, expires_at, invited_by_user_id,
                                  accepted_at, withdrawn_at)
         SELECT v.email, 'ROLE_ADMIN', 'nl', v.email, 'n', now() + interval '7 days',
                (SELECT id FROM users WHERE email = v.sender), v.accepted::timestamptz, v.withdrawn::timestamptz
         FROM (VALUES ('a@example.org', 'beheer@example.org', NULL, NULL),
                      ('b@example.org', 'ontwikkel@example.org', NULL, NULL),
                      ('c@example.org', 'oud-beheer@example.org', NULL, NULL),
                      ('d@example.org', NULL, NULL, NULL),
                      ('e@example.org', 'oud-beheer@example.org', '2026-01-01T00:00:00Z', NULL),
                      ('f@example.org', 'oud-beheer@example.org', NULL, '2026-01-01T00:00:00Z'))
           AS v(email, sender, accepted, withdrawn)`,
      );
      await migrateDatabase(database);
      const rows = await q<{ email: string; withdrawn: boolean; accepted: boolean }>(
        `SELECT email, withdrawn_at IS NOT NULL AS withdrawn, accepted_at IS NOT NULL AS accepted
         FROM invitations ORDER BY email`,
      );
      expect(rows.map((r) => [r.email, r.withdrawn, r.accepted])).toEqual([
        ['a@example.org', false, false],
        ['b@example.org', false, false],
        ['c@example.org', true, false],
        ['d@example.org', true, false],
        ['e@example.org', false, true],
        ['f@example.org', true, false],
      ]);
      const events = await q<{ email: string; actor_user_id: null; details: unknown }>(
        `SELECT i.email, e.actor_user_id, e.details FROM audit_events e
         JOIN invitations i ON e.subject_type = 'invitation' AND e.subject_id = i.id::text
         WHERE e.action = 'invitation_withdrawn' ORDER BY i.email`,
      );
      expect(events).toEqual([
        { email: 'c@example.org', actor_user_id: null, details: { cause: 'sender_demoted' } },
        { email: 'd@example.org', actor_user_id: null, details: { cause: 'sender_deleted' } },
      ]);
    } finally {
      await database.close();
    }
  });
});
