import { eq, sql } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Reservation } from '@balie/shared';
import { queryRows } from '../../db/client.js';
import { appointments } from '../../db/schema/index.js';
import { testDatabases, useTestApp, type TestAppContext } from '../../test/index.js';
import { confirm, ITEMS, someSlots } from './test-support/helpers.js';
import { asVisitor, sendTo, useServerProcesses } from './test-support/processes.js';

const MINUTE = 60_000;

/** A hold from `remoteAddress` (each test its own, so their counts stay apart). */
function holdFrom(t: TestAppContext, remoteAddress: string, body: Record<string, unknown>, headers = {}) {
  return t.app.inject({
    method: 'POST',
    url: '/api/appointment/make-reservation',
    remoteAddress,
    headers,
    payload: { appointmentItems: ITEMS, ...body },
  });
}

const extend = (t: TestAppContext, id: string) =>
  t.app.inject({ method: 'GET', url: `/api/appointment/reservation/${id}/extend` });

/** `count` free (start, desk) places: every start of the day holds once per desk. */
async function places(t: TestAppContext, skip: number, count: number): Promise<string[]> {
  const { slots } = await someSlots(t.app, skip);
  const starts = slots.map((s) => s.beginTime);
  const twice = starts.flatMap((s) => [s, s]);
  expect(twice.length).toBeGreaterThanOrEqual(count);
  return twice.slice(0, count);
}

describe.each(testDatabases)('limits on holds (DESIGN §6) on %s', (kind) => {
  const t = useTestApp(kind, { sessions: ['admin'] });
  afterEach(() => vi.useRealTimers());

  it('extends a hold to at most HOLD_MAX_MINUTES after its creation, then answers reservation:false', async () => {
    // Whole seconds: the answer's times have no milliseconds.
    vi.useFakeTimers({ toFake: ['Date'], now: Math.floor(Date.now() / 1000) * 1000 });
    const { slots } = await someSlots(t.app, 3);
    const made = await holdFrom(t, '10.20.0.1', { fromDateTime: slots[0]!.beginTime });
    expect(made.statusCode).toBe(201);
    const hold = made.json<Reservation>();
    const created = DateTime.fromISO(hold.createdDateTime).toMillis();
    expect(created).toBe(Date.now());
    expect(Date.parse(hold.validTill)).toBe(created + 10 * MINUTE);
    expect(Date.parse(hold.maxValidTill!)).toBe(created + 30 * MINUTE);

    const validTillAfterExtendAt = async (minutes: number) => {
      vi.setSystemTime(created + minutes * MINUTE);
      const res = await extend(t, hold.id);
      expect(res.statusCode).toBe(200);
      return res.json<Reservation | { reservation: false }>();
    };
    for (const [minutes, until] of [
      [9, 19],
      [18, 28],
      [27, 30],
    ] as const) {
      const answer = await validTillAfterExtendAt(minutes);
      expect(answer, `extend at +${minutes}`).toMatchObject({ reservation: true, id: hold.id });
      expect(Date.parse((answer as Reservation).validTill), `extend at +${minutes}`).toBe(
        created + until * MINUTE,
      );
    }
    expect(await validTillAfterExtendAt(31)).toEqual({ reservation: false });
    // Nothing of it blocks the slot any more, and it cannot be confirmed.
    expect((await confirm(t.app, hold.id)).statusCode).toBe(410);
  });

  it('lets one client address hold MAX_HOLDS_PER_CLIENT valid holds, then answers 429 too_many_holds', async () => {
    const address = '10.20.0.2';
    const starts = await places(t, 4, 21);
    const held: Reservation[] = [];
    for (const fromDateTime of starts.slice(0, 20)) {
      const res = await holdFrom(t, address, { fromDateTime });
      expect(res.statusCode, res.body).toBe(201);
      held.push(res.json());
    }
    const refused = await holdFrom(t, address, { fromDateTime: starts[20] });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'too_many_holds' });
    // Nothing was held for it: the place is still free for someone else.
    const other = await holdFrom(t, '10.20.0.3', { fromDateTime: starts[20] });
    expect(other.statusCode).toBe(201);

    // Replacing one of its own holds is always allowed, and the replaced one is gone.
    const replaced = held.shift()!;
    const replacing = await holdFrom(t, address, {
      fromDateTime: replaced.fromDateTime,
      replacesReservationId: replaced.id,
    });
    expect(replacing.statusCode, replacing.body).toBe(201);
    held.push(replacing.json());
    expect((await extend(t, replaced.id)).json()).toEqual({ reservation: false });

    // A confirmed hold no longer counts; neither does one that ran out.
    const more = await places(t, 5, 4);
    expect((await confirm(t.app, held.shift()!.id)).statusCode).toBe(201);
    const afterConfirm = await holdFrom(t, address, { fromDateTime: more[0] });
    expect(afterConfirm.statusCode, afterConfirm.body).toBe(201);
    expect((await holdFrom(t, address, { fromDateTime: more[2] })).statusCode).toBe(429);
    await t.database.db
      .update(appointments)
      .set({ validTill: new Date(Date.now() - 1000) })
      .where(eq(appointments.reservationId, held.shift()!.id));
    const afterExpiry = await holdFrom(t, address, { fromDateTime: more[2] });
    expect(afterExpiry.statusCode, afterExpiry.body).toBe(201);
  });

  it('keeps no client address on a hold: a keyed hash while it is held, nothing once confirmed', async () => {
    const address = '10.20.0.4';
    const [fromDateTime] = await places(t, 6, 1);
    const hold = (await holdFrom(t, address, { fromDateTime })).json<Reservation>();
    const keyOf = async () => {
      const [row] = await t.database.db
        .select({ clientKey: appointments.clientKey })
        .from(appointments)
        .where(eq(appointments.reservationId, hold.id));
      return row!.clientKey;
    };
    const key = await keyOf();
    expect(key).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    expect(key).not.toContain(address);
    const everywhere = await queryRows<{ n: number }>(
      t.database.db,
      sql`SELECT count(*)::int AS n FROM appointments WHERE row_to_json(appointments)::text LIKE ${`%${address}%`}`,
    );
    expect(everywhere[0]!.n).toBe(0);
    expect((await confirm(t.app, hold.id)).statusCode).toBe(201);
    expect(await keyOf()).toBeNull();
  });

  it('does not count the holds admins make on visitors’ behalf', async () => {
    const address = '10.20.0.5';
    const starts = await places(t, 7, 22);
    for (const fromDateTime of starts) {
      const res = await holdFrom(t, address, { fromDateTime }, t.admin.headers);
      expect(res.statusCode, res.body).toBe(201);
    }
  });
});

describe.each(testDatabases)('limits on holds turned off (0) on %s', (kind) => {
  const t = useTestApp(kind, { env: { HOLD_MAX_MINUTES: '0', MAX_HOLDS_PER_CLIENT: '0' } });
  afterEach(() => vi.useRealTimers());

  it('extends a hold as long as it is extended in time, and holds any number from one address', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Math.floor(Date.now() / 1000) * 1000 });
    const starts = await places(t, 3, 25);
    const holds: Reservation[] = [];
    for (const fromDateTime of starts) {
      const res = await holdFrom(t, '10.21.0.1', { fromDateTime });
      expect(res.statusCode, res.body).toBe(201);
      holds.push(res.json());
    }
    const hold = holds[0]!;
    expect(hold.maxValidTill).toBeUndefined();
    const created = Date.parse(hold.createdDateTime);
    for (const minutes of [9, 18, 27, 36, 45]) {
      vi.setSystemTime(created + minutes * MINUTE);
      const answer = (await extend(t, hold.id)).json<Reservation>();
      expect(Date.parse(answer.validTill), `extend at +${minutes}`).toBe(created + (minutes + 10) * MINUTE);
    }
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('the hold cap across two processes on PostgreSQL', () => {
  const p = useServerProcesses();

  it('30 simultaneous holds from one address, spread over both processes: exactly 20 succeed, the rest 429', async () => {
    const starts = await places(p.t, 3, 30);
    const answers = await Promise.all(
      starts.map((fromDateTime, i) =>
        sendTo(p.servers, i, 'POST', '/appointment/make-reservation', {
          appointmentItems: ITEMS,
          fromDateTime,
        }),
      ),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(20);
    expect(statuses.filter((s) => s === 429)).toHaveLength(10);
    for (const a of answers.filter((x) => x.status === 429))
      expect(((await a.json()) as { code: string }).code).toBe('too_many_holds');
    // Another address is not held back by them.
    const other = await sendTo(
      p.servers,
      0,
      'POST',
      '/appointment/make-reservation',
      { appointmentItems: ITEMS, fromDateTime: (await places(p.t, 4, 1))[0] },
      asVisitor(1),
    );
    expect(other.status).toBe(201);
  });
});
