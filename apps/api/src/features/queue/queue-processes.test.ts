import { eq, sql } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AdminLocation, Desk, DisplayCall, QueueEntry } from '@balie/shared';
import { auditEvents, displayStreams, queueEntries } from '../../db/schema/index.js';
import {
  asVisitor,
  sendTo,
  START_PATIENCE_MS,
  startProcessesFor,
  useServerProcesses,
  type ServerProcess,
} from '../booking/test-support/processes.js';
import { created } from '../locations/test-support/world.js';
import { DISPLAY_STREAM_LIMITS, STREAM_STALE_SECONDS } from './stream-limits.js';
import { openEventStream } from './test-support/sse.js';
import { buildQueueWorld, walkIn, type QueueWorld } from './test-support/world.js';

/**
 * The queue with several API processes on one PostgreSQL (DESIGN §1, §4b): calls are atomic across
 * processes, and a call made through one process reaches the displays connected to another (LISTEN/
 * NOTIFY), also after a restart. Real server processes beside the test's own app; PostgreSQL only.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('the queue across processes on PostgreSQL', () => {
  let w: QueueWorld;
  let desks: Desk[];
  const p = useServerProcesses({
    sessions: ['admin'],
    setup: async (t) => {
      w = await buildQueueWorld(t);
      desks = [w.all, w.passportsOnly];
      for (let i = 3; i <= 10; i++)
        desks.push(
          await created<Desk>(t, '/desks', { name: `Loket ${i}`, locationId: w.here.id, productIds: null }),
        );
    },
  });
  const send = (i: number, method: string, path: string, body?: unknown) =>
    sendTo(p.servers, i, method, path, body, p.t.admin.headers);
  let key = '';
  beforeAll(async () => {
    key = ((await (await send(0, 'GET', `/location/${w.here.id}`)).json()) as AdminLocation).displayKey;
  });

  it('50 simultaneous "next" presses from 10 desks over two processes call each waiting visitor exactly once', async () => {
    // 40 waiting: 30 for a passport, 10 for a driving licence, which Loket 2 does not serve.
    const waiting: QueueEntry[] = [];
    for (let i = 0; i < 40; i++)
      waiting.push(await walkIn(p.t, w.here.id, [i % 4 === 3 ? w.licence.id : w.passport.id]));
    const presses = await Promise.all(
      Array.from({ length: 50 }, async (_, i) => {
        const desk = desks[i % desks.length]!;
        const res = await send(i, 'POST', '/queue/call', { deskId: desk.id });
        return { desk, status: res.status, body: (await res.json()) as QueueEntry & { code?: string } };
      }),
    );
    const calls = presses.filter((r) => r.status === 200);
    expect(calls).toHaveLength(40);
    expect(presses.filter((r) => r.status !== 200).map((r) => r.body.code)).toEqual(
      Array(10).fill('queue_empty'),
    );
    // Each visitor once, by the desk that got them.
    expect(calls.map((c) => c.body.id).sort((a, b) => a - b)).toEqual(waiting.map((e) => e.id));
    for (const c of calls) expect(c.body.desk?.id).toBe(c.desk.id);
    // Loket 2 never got a driving licence.
    const licences = new Set(
      waiting.filter((e) => e.products[0]!.product.id === w.licence.id).map((e) => e.id),
    );
    for (const c of calls.filter((c) => c.desk.id === w.passportsOnly.id))
      expect(licences.has(c.body.id)).toBe(false);
    const db = p.t.database.db;
    for (const e of waiting) {
      const [row] = await db.select().from(queueEntries).where(eq(queueEntries.id, e.id));
      expect(row!.state).toBe('called');
    }
    // One audit event per visitor; the other tests of this file (in any order) call visitors of their own.
    const ours = new Set(waiting.map((e) => e.id));
    const audited = await db.select().from(auditEvents).where(eq(auditEvents.action, 'queue_called'));
    expect(
      audited
        .map((a) => Number(a.subjectId))
        .filter((id) => ours.has(id))
        .sort((a, b) => a - b),
    ).toEqual(waiting.map((e) => e.id));
  });

  it('a call made through process A reaches a display connected to process B within 2 s', async () => {
    const stream = await openEventStream(`${p.servers[1]!.url}/api/display/${w.here.id}/events?key=${key}`);
    try {
      const ticket = await walkIn(p.t, w.here.id, [w.passport.id]);
      const res = await send(0, 'POST', '/queue/call', { deskId: w.all.id, entryId: ticket.id });
      expect(res.status).toBe(200);
      const event = await stream.next(2000);
      expect(event.event).toBe('call');
      expect(JSON.parse(event.data)).toMatchObject({
        id: ticket.id,
        ticket: ticket.ticket,
        desk: { name: w.all.name },
      });
    } finally {
      stream.close();
    }
  });

  // Starts a server process within the test: as long as the hook that starts them may take.
  it(
    'a display whose process restarts finds the calls it missed and the calls after it on the new one',
    { timeout: START_PATIENCE_MS + 30_000 },
    async () => {
      const [a, b] = p.servers as [ServerProcess, ServerProcess];
      const stream = await openEventStream(`${b.url}/api/display/${w.here.id}/events?key=${key}`);
      await b.stop();
      // The server ends its streams as it stops: the display knows at once that it must reconnect.
      await stream.ended();
      // And frees their places for that (decision 0416): no row of the stopped process is left counting.
      expect(
        await p.t.database.db.select().from(displayStreams).where(eq(displayStreams.locationId, w.here.id)),
      ).toEqual([]);
      const missed = await walkIn(p.t, w.here.id, [w.passport.id]);
      expect((await send(0, 'POST', '/queue/call', { deskId: w.all.id, entryId: missed.id })).status).toBe(
        200,
      );
      const [restarted] = await startProcessesFor(p.t, 1);
      p.servers[1] = restarted!;
      const state = await fetch(`${restarted!.url}/api/display/${w.here.id}/state?key=${key}`);
      expect(((await state.json()) as DisplayCall[])[0]).toMatchObject({
        id: missed.id,
        ticket: missed.ticket,
      });
      const again = await openEventStream(`${restarted!.url}/api/display/${w.here.id}/events?key=${key}`);
      try {
        const next = await walkIn(p.t, w.here.id, [w.passport.id]);
        expect(
          (
            await sendTo(
              [a],
              0,
              'POST',
              '/queue/call',
              { deskId: w.all.id, entryId: next.id },
              p.t.admin.headers,
            )
          ).status,
        ).toBe(200);
        expect(JSON.parse((await again.next(2000)).data)).toMatchObject({ id: next.id });
      } finally {
        again.close();
      }
    },
  );

  it('the location record of every process gives admins the same display key', async () => {
    const keys = await Promise.all(
      [0, 1].map(
        async (i) =>
          ((await (await send(i, 'GET', '/locations?all=true')).json()) as AdminLocation[]).find(
            (l) => l.id === w.here.id,
          )!.displayKey,
      ),
    );
    expect(keys).toEqual([key, key]);
  });

  describe('display streams', () => {
    let n = 0;
    /** A location of its own per test: its key and its streams are nobody else's. */
    const freshLocation = async () => {
      n += 1;
      const location = await created<AdminLocation>(p.t, '/locations', { name: `Wachtkamer ${n}` });
      return { id: location.id, key: location.displayKey };
    };
    const eventsUrl = (i: number, id: number, key: string) =>
      `${p.servers[i % p.servers.length]!.url}/api/display/${id}/events?key=${key}`;
    /** Opens a stream when the server accepts it (kept in `open` to close later), else reads the refusal. */
    const open: AbortController[] = [];
    const attempt = async (url: string, headers: Record<string, string>) => {
      const abort = new AbortController();
      const res = await fetch(url, { signal: abort.signal, headers });
      if (res.status === 200) {
        open.push(abort);
        return { status: 200, retryAfter: null, code: null };
      }
      const body = (await res.json()) as { code?: string };
      return { status: res.status, retryAfter: res.headers.get('retry-after'), code: body.code ?? null };
    };
    afterEach(() => {
      for (const a of open.splice(0)) a.abort();
    });

    it('renewing the key through process B ends the streams opened with the old key on process A at once; the old key then opens nothing', async () => {
      const renewed = await freshLocation();
      const other = await freshLocation();
      const old = await openEventStream(eventsUrl(0, renewed.id, renewed.key));
      const untouched = await openEventStream(eventsUrl(0, other.id, other.key));
      try {
        const res = await send(1, 'POST', `/location/${renewed.id}/display-key`);
        expect(res.status).toBe(200);
        const { displayKey } = (await res.json()) as { displayKey: string };
        // Promptly: the notice travels with the renewal's commit, no polling.
        await old.ended(2000);
        // The display reconnects with the key it has: refused on every process, as the state is.
        for (const i of [0, 1]) {
          expect((await fetch(eventsUrl(i, renewed.id, renewed.key))).status).toBe(404);
          expect(
            (await fetch(`${p.servers[i]!.url}/api/display/${renewed.id}/state?key=${renewed.key}`)).status,
          ).toBe(404);
        }
        // The new key opens it, and the other location's stream was left alone.
        const fresh = await openEventStream(eventsUrl(0, renewed.id, displayKey));
        fresh.close();
        await expect(untouched.ended(300)).rejects.toThrow('stream still open');
      } finally {
        old.close();
        untouched.close();
      }
    });

    it(`one client address opens at most ${DISPLAY_STREAM_LIMITS.perClient} streams over all processes: one more is 429 until one closes`, async () => {
      const location = await freshLocation();
      const address = asVisitor(7001);
      const streams = [];
      for (let i = 0; i < DISPLAY_STREAM_LIMITS.perClient; i++)
        streams.push(await openEventStream(eventsUrl(i, location.id, location.key), address));
      try {
        for (const i of [0, 1]) {
          const refused = await attempt(eventsUrl(i, location.id, location.key), address);
          expect(refused).toEqual({
            status: 429,
            retryAfter: expect.stringMatching(/^\d+$/),
            code: 'too_many_requests',
          });
        }
        // Another address is not held back by this one.
        expect((await attempt(eventsUrl(0, location.id, location.key), asVisitor(7002))).status).toBe(200);
        streams.pop()!.close();
        // The closed stream's place is free again once its process notices the close.
        await expect
          .poll(async () => (await attempt(eventsUrl(1, location.id, location.key), address)).status, {
            timeout: 2000,
          })
          .toBe(200);
      } finally {
        for (const s of streams) s.close();
      }
    });

    it(`a location's key opens at most ${DISPLAY_STREAM_LIMITS.perLocation} streams over all processes, from any addresses`, async () => {
      const location = await freshLocation();
      for (let i = 0; i < DISPLAY_STREAM_LIMITS.perLocation; i++)
        expect((await attempt(eventsUrl(i, location.id, location.key), asVisitor(7100 + i))).status).toBe(
          200,
        );
      for (const i of [0, 1])
        expect(await attempt(eventsUrl(i, location.id, location.key), asVisitor(7200 + i))).toMatchObject({
          status: 429,
          code: 'too_many_requests',
        });
      // Another location is not held back by this one.
      const other = await freshLocation();
      expect((await attempt(eventsUrl(0, other.id, other.key), asVisitor(7300))).status).toBe(200);
    });

    it('the streams of a process that stopped without a word stop counting once their heartbeat is old', async () => {
      const location = await freshLocation();
      const address = asVisitor(7400);
      for (let i = 0; i < DISPLAY_STREAM_LIMITS.perClient; i++)
        expect((await attempt(eventsUrl(i, location.id, location.key), address)).status).toBe(200);
      expect((await attempt(eventsUrl(0, location.id, location.key), address)).status).toBe(429);
      // As if their process had died a minute and more ago: no heartbeat since.
      await p.t.database.db
        .update(displayStreams)
        .set({ seenAt: sql`${displayStreams.seenAt} - make_interval(secs => ${STREAM_STALE_SECONDS + 1})` })
        .where(eq(displayStreams.locationId, location.id));
      expect((await attempt(eventsUrl(0, location.id, location.key), address)).status).toBe(200);
    });
  });
});
