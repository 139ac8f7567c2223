import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows, type Database } from '../../db/client.js';
import { displayStreams, locations } from '../../db/schema/index.js';
import { createTestDatabase, testDatabases } from '../../test/index.js';
import { CallHub } from './call-hub.js';
import { DISPLAY_STREAM_LIMITS, STREAM_STALE_SECONDS } from './stream-limits.js';

/**
 * The per-process cap of decision 0416: counted in memory, so it needs no database (the hub is never
 * asked to listen here).
 */
describe('the display hub of one process', () => {
  const noDatabase = (): Database => {
    throw new Error('not used');
  };
  const log = { warn: () => undefined } as unknown as ConstructorParameters<typeof CallHub>[1];

  it(`holds at most ${DISPLAY_STREAM_LIMITS.perProcess} streams being opened or open; a freed place is taken again`, async () => {
    const hub = new CallHub(noDatabase, log);
    for (let i = 0; i < DISPLAY_STREAM_LIMITS.perProcess; i++) expect(hub.claimPlace()).toBe(true);
    expect(hub.claimPlace()).toBe(false);
    await hub.releasePlace();
    expect(hub.claimPlace()).toBe(true);
    expect(hub.claimPlace()).toBe(false);
  });
});

describe.each(testDatabases)('the display hub’s heartbeat on %s', (kind) => {
  const log = { warn: () => undefined } as unknown as ConstructorParameters<typeof CallHub>[1];

  it('keeps the rows of its open streams counting, forgets an ended stream’s row, and all of them when it closes', async () => {
    const database = await createTestDatabase(kind);
    const hub = new CallHub(() => database, log, 50);
    try {
      const db = database.db;
      const [location] = await db.insert(locations).values({ name: 'Wachtkamer' }).returning();
      /** A stream's row as the route makes it, last seen a little under the stale limit ago. */
      const row = async () =>
        (
          await db
            .insert(displayStreams)
            .values({
              process: hub.process,
              locationId: location!.id,
              clientKey: 'k',
              seenAt: sql`now() - make_interval(secs => ${STREAM_STALE_SECONDS - 1})`,
            })
            .returning()
        )[0]!.id;
      const ages = async () =>
        (
          await queryRows<{ id: number; age: number }>(
            db,
            sql`SELECT id::int, extract(epoch FROM now() - seen_at)::float8 AS age FROM display_streams ORDER BY id`,
          )
        ).map((r) => [r.id, r.age < 5]);
      const kept = await row();
      const ended = await row();
      const subscriptions = [kept, ended].map((streamId) =>
        hub.subscribe(
          { locationId: location!.id, keyVersion: 0, streamId },
          () => undefined,
          () => undefined,
        ),
      );
      await expect.poll(ages, { timeout: 2000 }).toEqual([
        [kept, true],
        [ended, true],
      ]);
      subscriptions[1]!();
      await expect.poll(ages, { timeout: 2000 }).toEqual([[kept, true]]);
      await hub.close();
      expect(await db.select().from(displayStreams).where(eq(displayStreams.process, hub.process))).toEqual(
        [],
      );
    } finally {
      await hub.close();
      await database.close();
    }
  });
});
