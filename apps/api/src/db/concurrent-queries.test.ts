import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDatabases, type TestDatabase } from '../test/index.js';
import { queryRows } from './client.js';
import { CONCURRENT_QUERY_MESSAGE } from './concurrent-queries.js';

/**
 * A transaction has one connection, and pg queues a second query sent on it while the first runs — with
 * a deprecation warning now, an error from pg 9 on (decision 0295). The database refuses it at once, in
 * PGlite as in PostgreSQL, so a `Promise.all` of queries on a transaction fails its tests.
 */
describe.each(testDatabases)('one query at a time on a transaction (%s)', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(() => database?.close());

  const count = async () =>
    (await queryRows<{ n: number }>(database.db, sql`SELECT count(*)::int AS n FROM rate_limit_hits`))[0]!.n;

  it('refuses a second query while the first runs, names the cause and rolls the transaction back', async () => {
    const before = await count();
    const attempt = database.db.transaction(async (tx) => {
      await tx.execute(sql`INSERT INTO rate_limit_hits (bucket, key) VALUES ('probe', 'x')`);
      await Promise.all([tx.execute(sql`SELECT 1`), tx.execute(sql`SELECT 2`)]);
    });
    // Drizzle names the failed query and keeps the refusal as its cause.
    await expect(attempt).rejects.toMatchObject({
      message: expect.stringContaining('SELECT 2'),
      cause: { message: CONCURRENT_QUERY_MESSAGE },
    });
    expect(await count()).toBe(before);
    // The connection is clean again: the next transaction runs on it as usual.
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT 1`);
      await tx.execute(sql`SELECT 2`);
    });
  });

  it('lets queries on the database itself run together: each takes its own connection or its turn', async () => {
    const [a, b] = await Promise.all([
      queryRows<{ v: number }>(database.db, sql`SELECT 1 AS v`),
      queryRows<{ v: number }>(database.db, sql`SELECT 2 AS v`),
    ]);
    expect([a, b]).toEqual([[{ v: 1 }], [{ v: 2 }]]);
  });
});
