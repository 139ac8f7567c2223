import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../db/client.js';
import { rateLimitHits } from '../db/schema/index.js';
import { createTestDatabase, testDatabases, type TestDatabase } from '../test/index.js';
import { claimRateLimit, releaseRateLimit, type RateLimit } from './rate-limit.js';

const rule = (bucket: string, limit = 3): RateLimit => ({ bucket, limit, windowSeconds: 60 });

const outcome = (p: Promise<unknown>) =>
  p.then(
    () => 'admitted',
    (err: { statusCode?: number }) => (err.statusCode === 429 ? 'refused' : err),
  );

describe.each(testDatabases)('claimRateLimit on %s', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(() => database?.close());

  it('admits `limit` claims per key, then answers 429; other keys go on', async () => {
    const r = rule('sequential');
    const results = [];
    for (let i = 0; i < 4; i++) results.push(await outcome(claimRateLimit(database.db, r, 'a')));
    expect(results).toEqual(['admitted', 'admitted', 'admitted', 'refused']);
    expect(await outcome(claimRateLimit(database.db, r, 'b'))).toBe('admitted');
    expect(await outcome(claimRateLimit(database.db, rule('other-bucket'), 'a'))).toBe('admitted');
  });

  it('gives a released claim back', async () => {
    const r = rule('release', 2);
    await claimRateLimit(database.db, r, 'k');
    const second = await claimRateLimit(database.db, r, 'k');
    expect(await outcome(claimRateLimit(database.db, r, 'k'))).toBe('refused');
    await releaseRateLimit(database.db, second);
    expect(await outcome(claimRateLimit(database.db, r, 'k'))).toBe('admitted');
  });

  it('forgets hits that left the window (the database clock decides)', async () => {
    const r = rule('window', 2);
    await claimRateLimit(database.db, r, 'k');
    await claimRateLimit(database.db, r, 'k');
    expect(await outcome(claimRateLimit(database.db, r, 'k'))).toBe('refused');
    // Age one hit past the window instead of waiting for it.
    await database.db.execute(
      sql`update ${rateLimitHits} set at = now() - interval '61 seconds'
          where id = (select min(id) from ${rateLimitHits} where bucket = ${r.bucket})`,
    );
    expect(await outcome(claimRateLimit(database.db, r, 'k'))).toBe('admitted');
    // The aged hit was purged, not merely skipped.
    const rows = await database.db
      .select()
      .from(rateLimitHits)
      .where(and(eq(rateLimitHits.bucket, r.bucket), eq(rateLimitHits.key, 'k')));
    expect(rows).toHaveLength(2);
  });
});

/** Real concurrency: two connection pools (as two API processes would have) claiming one key at once. */
describe.skipIf(!process.env.TEST_DATABASE_URL)('claimRateLimit under concurrency on PostgreSQL', () => {
  let database: TestDatabase;
  let second: Database;
  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    second = await openDatabase({ databaseUrl: database.url, dataDir: '' });
  });
  afterAll(async () => {
    await second?.close();
    await database?.close();
  });

  it('admits exactly `limit` of 300 simultaneous claims', async () => {
    const r = rule('burst', 120);
    const results = await Promise.all(
      Array.from({ length: 300 }, (_, i) =>
        outcome(claimRateLimit((i % 2 ? second : database).db, r, '203.0.113.9')),
      ),
    );
    expect(results.filter((x) => x === 'admitted')).toHaveLength(120);
    expect(results.filter((x) => x === 'refused')).toHaveLength(180);
  });
});
