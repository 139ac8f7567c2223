import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { openDatabase, queryRows } from './client.js';
import { migrateDatabase } from './migrate.js';
import { sql } from 'drizzle-orm';

/** Several API processes started at once on one empty PostgreSQL each migrate it at start-up. */
describe.skipIf(!process.env.TEST_DATABASE_URL)('migrations started by several processes at once', () => {
  it('are applied once while the others wait, and every process starts', async () => {
    const adminUrl = process.env.TEST_DATABASE_URL!;
    const name = `balie_migrate_${process.pid}_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const processes = await Promise.all(
      [1, 2, 3].map(() => openDatabase({ databaseUrl: url.href, dataDir: '' })),
    );
    try {
      const results = await Promise.allSettled(processes.map((d) => migrateDatabase(d)));
      expect(results.map((r) => (r.status === 'rejected' ? String(r.reason) : 'ok'))).toEqual([
        'ok',
        'ok',
        'ok',
      ]);
      const [row] = await queryRows<{ n: number }>(
        processes[0]!.db,
        sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
      );
      const journal = (await import('../../drizzle/meta/_journal.json', { with: { type: 'json' } })).default;
      expect(row!.n).toBe(journal.entries.length);
    } finally {
      await Promise.all(processes.map((d) => d.close()));
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
  });
});
