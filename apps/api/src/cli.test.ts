import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from './app.js';
import { runCli } from './cli.js';
import { loadConfig } from './config.js';
import { openDatabase, rawQuery } from './db/client.js';
import { BOOKING_WINDOW_MONTHS, bookingWindow } from '@balie/shared';
import { createTestDatabase, login, testDatabases } from './test/index.js';

/** The CLI against an embedded database in a temp DATA_DIR, then the server on the same data. */
describe('operator CLI', () => {
  let dir: string;
  let env: Record<string, string>;
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'balie-cli-'));
    env = { DATA_DIR: dir, JWT_SECRET: 'cli-test-secret-0123456789-0123456789' };
    vi.spyOn(console, 'log').mockImplementation(() => undefined);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterAll(() => {
    vi.restoreAllMocks();
    rmSync(dir, { recursive: true, force: true });
  });

  it('migrates, seeds once, creates an admin, and refuses bad input', async () => {
    expect(await runCli(['migrate'], env)).toBe(0);
    expect(await runCli(['seed'], env)).toBe(0);
    expect(console.log).toHaveBeenCalledWith('Demo data loaded.');
    expect(await runCli(['seed'], env)).toBe(0);
    expect(console.log).toHaveBeenCalledWith('The database is not empty: demo data not loaded.');

    const create = [
      'create-user',
      '--email',
      'Boss@Example.org',
      '--password',
      'Boss-1234',
      '--role',
      'ROLE_ADMIN',
    ];
    expect(await runCli([...create, '--first-name', 'Bea', '--last-name', 'Baas'], env)).toBe(0);
    expect(await runCli(create, env)).toBe(1);
    expect(await runCli(['create-user', '--email', 'x@example.org', '--password', 'weak'], env)).toBe(1);
    expect(await runCli(['create-user', '--email', 'nope', '--password', 'Good-1234'], env)).toBe(1);
    expect(
      await runCli(
        ['create-user', '--email', 'y@example.org', '--password', 'Good-1234', '--role', 'ROLE_KING'],
        env,
      ),
    ).toBe(1);
    expect(await runCli(['frobnicate'], env)).toBe(1);

    const config = loadConfig(env);
    const database = await openDatabase(config);
    const app = await buildApp({ config, database, webRoot: null });
    try {
      const s = await login(app, 'boss@example.org', 'Boss-1234');
      const me = await app.inject({ url: '/api/user/current', headers: s.headers });
      expect(me.json()).toMatchObject({ roles: ['ROLE_USER', 'ROLE_ADMIN'], fullName: 'Bea Baas' });
      expect((await app.inject({ url: '/api/users', headers: s.headers })).statusCode).toBe(200);
      // The account made on the command line is in the audit trail, made by the system, not by a user.
      const trail = await app.inject({
        url: '/api/audit-events?action=user_created&pageSize=10',
        headers: s.headers,
      });
      expect(trail.statusCode).toBe(200);
      expect(trail.json().items).toEqual([
        expect.objectContaining({
          action: 'user_created',
          entityType: 'user',
          entityId: String(me.json().id),
          actor: { type: 'system' },
        }),
      ]);
    } finally {
      await app.close();
      await database.close();
    }
  }, 120_000); // a whole process (PGlite start, migrations, argon2): slow on a busy 2-core machine, not a speed test

  it('switches password sign-in for staff back on (the way back when the provider locks everyone out)', async () => {
    expect(await runCli(['migrate'], env)).toBe(0);
    const off = async (database: Awaited<ReturnType<typeof openDatabase>>) =>
      rawQuery(database)(
        'update identity_provider set enabled = true, password_login_for_staff = false where id = 1',
        [],
      );
    let database = await openDatabase(loadConfig(env));
    try {
      await off(database);
    } finally {
      await database.close();
    }
    expect(await runCli(['password-login-on'], env)).toBe(0);
    database = await openDatabase(loadConfig(env));
    try {
      const rows = await rawQuery(database)('select password_login_for_staff from identity_provider', []);
      expect(rows).toEqual([{ password_login_for_staff: true }]);
    } finally {
      await database.close();
    }
  });
});

/** `load-dataset` with small sizes on each database; the window is placed by a fixed clock. */
describe.each(testDatabases)('operator CLI load-dataset on %s', (kind) => {
  const NOW = Date.parse('2026-03-02T09:00:00Z'); // a Monday morning
  let dir: string;
  let env: Record<string, string>;
  let closeDatabase: () => Promise<void> = async () => undefined;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'balie-cli-dataset-'));
    env = { DATA_DIR: dir, JWT_SECRET: 'cli-test-secret-0123456789-0123456789' };
    if (kind === 'postgres') {
      const database = await createTestDatabase('postgres');
      env.DATABASE_URL = database.url!;
      closeDatabase = database.close;
    }
    vi.spyOn(console, 'log').mockImplementation(() => undefined);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  }, 60_000);
  afterAll(async () => {
    vi.restoreAllMocks();
    await closeDatabase();
    rmSync(dir, { recursive: true, force: true });
  });

  it('fills an empty database with the sizes asked, once, and names a bad flag', async () => {
    expect(await runCli(['load-dataset', '--desks', '0'], env, () => NOW)).toBe(1);
    expect(console.error).toHaveBeenLastCalledWith('--desks: a whole number from 1 to 500 is required');
    expect(await runCli(['load-dataset', '--past', '12k'], env, () => NOW)).toBe(1);
    expect(console.error).toHaveBeenLastCalledWith('--past: a whole number from 0 to 10000000 is required');

    const flags = ['--desks', '3', '--products', '4', '--window', '120', '--past', '90'];
    expect(await runCli(['load-dataset', ...flags], env, () => NOW)).toBe(0);
    const window = bookingWindow(NOW, loadConfig(env).providerTimezone, BOOKING_WINDOW_MONTHS);
    expect(console.log).toHaveBeenLastCalledWith(
      expect.stringMatching(
        new RegExp(
          `3 locations, 3 desks, 4 products, 120 appointments in the window ${window.first}…${window.last} .*, 90 older\\.$`,
        ),
      ),
    );
    // Loading twice would mix two data sets: refused, nothing added.
    expect(await runCli(['load-dataset', ...flags], env, () => NOW)).toBe(1);

    const database = await openDatabase(loadConfig(env));
    try {
      const count = async (sql: string) => Number((await rawQuery(database)<{ n: string }>(sql))[0]!.n);
      expect(await count('SELECT count(*) AS n FROM desks')).toBe(3);
      // One desk in each of three locations; product 3 is served at the first location only.
      expect(await count('SELECT count(DISTINCT location_id) AS n FROM desks')).toBe(3);
      expect(
        await count(
          `SELECT count(*) AS n FROM desks d JOIN locations l ON l.id = d.location_id
            WHERE d.serves_all_products = (l.position = 0)`,
        ),
      ).toBe(3);
      expect(
        await count(`SELECT count(*) AS n FROM desk_products dp JOIN products p ON p.id = dp.product_id`),
      ).toBe(6);
      // Every appointment is for a product its desk serves.
      expect(
        await count(
          `SELECT count(*) AS n FROM appointments a JOIN appointment_items i ON i.appointment_id = a.id
             JOIN desks d ON d.id = a.desk_id
            WHERE NOT d.serves_all_products
              AND NOT EXISTS (SELECT 1 FROM desk_products dp WHERE dp.desk_id = d.id AND dp.product_id = i.product_id)`,
        ),
      ).toBe(0);
      expect(await count('SELECT count(*) AS n FROM desk_opening_hours')).toBe(15);
      expect(await count('SELECT count(*) AS n FROM products')).toBe(4);
      expect(await count('SELECT count(*) AS n FROM appointments')).toBe(210);
      expect(
        await count(
          `SELECT count(*) AS n FROM appointments WHERE status = 'confirmed' AND lower(during) >= '${window.first}'::date`,
        ),
      ).toBe(120);
      // Every appointment has its product line, and a window appointment falls on a weekday.
      expect(
        await count(
          'SELECT count(*) AS n FROM appointments a WHERE NOT EXISTS (SELECT 1 FROM appointment_items i WHERE i.appointment_id = a.id)',
        ),
      ).toBe(0);
      expect(
        await count(
          `SELECT count(*) AS n FROM appointments WHERE extract(isodow FROM lower(during) AT TIME ZONE 'Europe/Amsterdam') > 5`,
        ),
      ).toBe(0);
    } finally {
      await database.close();
    }
  }, 120_000); // PGlite's first start in a fresh DATA_DIR (initdb, migrations) is slow on a busy machine
});
