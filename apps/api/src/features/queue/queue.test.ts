import { and, eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { walkInMinutesSchema, type AdminLocation, type DisplayCall, type QueueEntry } from '@balie/shared';
import { appointments, auditEvents, queueEntries } from '../../db/schema/index.js';
import { loginAs, signInPersonas, testDatabases, useTestApp, type Session } from '../../test/index.js';
import { DISPLAY_STREAM_LIMITS, STREAM_RETRY_AFTER_SECONDS } from './stream-limits.js';
import { openEventStream } from './test-support/sse.js';
import {
  at,
  buildQueueWorld,
  call,
  checkInByCode,
  insertVisit,
  minutesFrom,
  NOW,
  queueOf,
  TODAY,
  walkIn,
  type QueueWorld,
} from './test-support/world.js';

describe.each(testDatabases)('calling visitors (the queue) on %s', (kind) => {
  const t = useTestApp(kind, { now: NOW, sessions: ['admin', 'user'] });
  let staff: Session;
  let w: QueueWorld;
  beforeAll(async () => {
    staff = (await signInPersonas(t)).staff!;
  });
  afterEach(() => {
    vi.setSystemTime(NOW);
  });

  /** Moves the clock and signs in again there (a token is valid 15 minutes from when it was made). */
  let me: Session;
  const moveTo = async (moment: Date) => {
    vi.setSystemTime(moment);
    me = await loginAs(t.app, 'admin');
  };

  /** A fresh world per test: every queue starts empty. */
  const world = async () => (w = await buildQueueWorld(t));
  const visit = (deskId: number, from: Date, productIds: number[]) =>
    insertVisit(t.database.db, t.config.secret, { deskId, from, productIds });
  const auditOf = (action: string, entryId: number) =>
    t.database.db
      .select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.action, action),
          eq(auditEvents.subjectType, 'queue_entry'),
          eq(auditEvents.subjectId, String(entryId)),
        ),
      );

  describe('checking in puts the visitor in the queue', () => {
    it('by code: waiting at the desk’s location, the code’s first four characters as the ticket, no name', async () => {
      await world();
      const v = await visit(w.all.id, at('10:24'), [w.passport.id, w.licence.id]);
      await checkInByCode(t, v.checkInCode!, staff);
      const [entry] = await queueOf(t, w.here.id, staff);
      expect(entry).toEqual({
        id: expect.any(Number),
        ticket: v.checkInCode!.slice(0, 4),
        kind: 'appointment',
        appointmentId: v.id,
        locationId: w.here.id,
        products: [
          { product: { id: w.passport.id, title: w.passport.title }, amount: 1 },
          { product: { id: w.licence.id, title: w.licence.title }, amount: 1 },
        ],
        minutes: 12,
        state: 'waiting',
        startsAt: '2030-03-12T10:24:00+01:00',
        checkedInAt: '2030-03-12T10:00:00+01:00',
        calledAt: null,
        servedAt: null,
        desk: null,
      });
      expect(JSON.stringify(entry)).not.toContain('Bezoeker');
      expect(await queueOf(t, w.elsewhere.id)).toEqual([]);
    });

    it('by click (GET /appointment/{id}/check-in) too; a visitor of another day joins no queue', async () => {
      await world();
      const todays = await visit(w.all.id, at('11:00'), [w.passport.id]);
      const tomorrows = await visit(w.all.id, new Date('2030-03-13T10:00:00+01:00'), [w.passport.id]);
      expect((await t.call('GET', `/api/appointment/${todays.id}/check-in`, staff)).statusCode).toBe(200);
      expect((await t.call('GET', `/api/appointment/${tomorrows.id}/check-in`, staff)).statusCode).toBe(200);
      expect((await queueOf(t, w.here.id)).map((e) => e.appointmentId)).toEqual([todays.id]);
    });

    it('by the visitor through the mail’s link: from 30 minutes before the start until 30 minutes after', async () => {
      await world();
      const v = await visit(w.all.id, at('10:40'), [w.passport.id]);
      const self = () => t.call('POST', `/api/appointment/by-token/${v.token}/check-in`);
      // 10:00 is 40 minutes early.
      const early = await self();
      expect(early.statusCode).toBe(409);
      expect(early.json().errors).toEqual([{ property: 'token', message: 'too_early' }]);
      vi.setSystemTime(at('10:10'));
      const done = await self();
      expect(done.statusCode, done.body).toBe(200);
      expect(done.json()).toMatchObject({ id: v.id, status: 'checked_in' });
      expect((await queueOf(t, w.here.id)).map((e) => e.appointmentId)).toEqual([v.id]);
      expect((await self()).json().errors).toEqual([{ property: 'token', message: 'already_checked_in' }]);

      const late = await visit(w.all.id, at('09:00'), [w.passport.id]);
      vi.setSystemTime(at('09:31'));
      const tooLate = await t.call('POST', `/api/appointment/by-token/${late.token}/check-in`);
      expect(tooLate.json().errors).toEqual([{ property: 'token', message: 'too_late' }]);
      expect((await t.call('POST', '/api/appointment/by-token/not-a-token/check-in')).statusCode).toBe(404);
      // Audited as done by the link's holder.
      const [event] = await t.database.db
        .select()
        .from(auditEvents)
        .where(
          and(eq(auditEvents.action, 'appointment_checked_in'), eq(auditEvents.subjectId, String(v.id))),
        );
      expect(event).toMatchObject({ actorUserId: null, details: { actor: 'link' } });
    });
  });

  describe('calling', () => {
    it('calls in due order: the appointment’s start, or when the visitor came in if later; walk-ins by ticket time', async () => {
      await world();
      const early = await visit(w.all.id, at('10:24'), [w.passport.id]);
      const late = await visit(w.all.id, at('09:36'), [w.passport.id]);
      const onTime = await visit(w.all.id, at('10:00'), [w.passport.id]);
      await moveTo(at('09:40'));
      await checkInByCode(t, early.checkInCode!, me); // waits for 10:24
      vi.setSystemTime(at('09:45'));
      await checkInByCode(t, late.checkInCode!, me); // came in 9 minutes late: due 09:45
      vi.setSystemTime(at('09:50'));
      const ticket = await walkIn(t, w.here.id, [w.passport.id], me); // due 09:50
      vi.setSystemTime(at('09:52'));
      await checkInByCode(t, onTime.checkInCode!, me); // due 10:00
      await moveTo(at('10:00'));
      const called: string[] = [];
      for (let i = 0; i < 4; i++) {
        const res = await call(t, { deskId: w.all.id }, me);
        expect(res.statusCode, res.body).toBe(200);
        called.push(res.json<QueueEntry>().ticket);
      }
      expect(called).toEqual([
        late.checkInCode!.slice(0, 4),
        ticket.ticket,
        onTime.checkInCode!.slice(0, 4),
        early.checkInCode!.slice(0, 4),
      ]);
      const empty = await call(t, { deskId: w.all.id }, me);
      expect(empty.statusCode).toBe(409);
      expect(empty.json().code).toBe('queue_empty');
    });

    it('a desk skips visitors with a product it does not serve, and cannot be made to call them', async () => {
      await world();
      const licence = await walkIn(t, w.here.id, [w.licence.id]);
      const passport = await walkIn(t, w.here.id, [w.passport.id]);
      const next = await call(t, { deskId: w.passportsOnly.id });
      expect(next.json()).toMatchObject({
        id: passport.id,
        state: 'called',
        desk: { id: w.passportsOnly.id },
      });
      const nobody = await call(t, { deskId: w.passportsOnly.id });
      expect(nobody.json().code).toBe('queue_empty');
      const chosen = await call(t, { deskId: w.passportsOnly.id, entryId: licence.id });
      expect(chosen.statusCode).toBe(409);
      expect(chosen.json().code).toBe('desk_does_not_serve');
      // A desk of another location does not call here.
      const other = await call(t, { deskId: w.elsewhereDesk.id, entryId: licence.id });
      expect(other.statusCode).toBe(404);
      expect((await call(t, { deskId: w.elsewhereDesk.id })).json().code).toBe('queue_empty');
      const right = await call(t, { deskId: w.all.id, entryId: licence.id });
      expect(right.json()).toMatchObject({ id: licence.id, state: 'called', desk: { id: w.all.id } });
    });

    it('calls a chosen appointment by its id, keeps who called and when, and audits it', async () => {
      await world();
      const v = await visit(w.all.id, at('11:00'), [w.passport.id]);
      await checkInByCode(t, v.checkInCode!);
      vi.setSystemTime(at('10:07'));
      const res = await call(t, { deskId: w.passportsOnly.id, appointmentId: v.id }, staff);
      expect(res.statusCode, res.body).toBe(200);
      const entry = res.json<QueueEntry>();
      expect(entry).toMatchObject({
        appointmentId: v.id,
        state: 'called',
        calledAt: '2030-03-12T10:07:00+01:00',
        desk: { id: w.passportsOnly.id, name: w.passportsOnly.name, label: null },
      });
      const [row] = await t.database.db.select().from(queueEntries).where(eq(queueEntries.id, entry.id));
      expect(row!.calledByUserId).toBe(staff.userId);
      const [event] = await auditOf('queue_called', entry.id);
      expect(event).toMatchObject({
        actorUserId: staff.userId,
        details: {
          appointmentId: v.id,
          deskId: w.passportsOnly.id,
          changes: { state: { before: 'waiting', after: 'called' } },
        },
      });
    });
  });

  describe('served, back in line, no-show', () => {
    it('served keeps the times; back in line clears the call and keeps the place; wrong states are 409', async () => {
      await world();
      const first = await walkIn(t, w.here.id, [w.passport.id]);
      vi.setSystemTime(at('10:01'));
      const second = await walkIn(t, w.here.id, [w.passport.id]);
      vi.setSystemTime(at('10:02'));
      expect((await call(t, { deskId: w.all.id })).json().id).toBe(first.id);
      const back = await t.call('POST', `/api/queue/${first.id}/return`, staff);
      expect(back.json()).toMatchObject({ state: 'waiting', calledAt: null, desk: null });
      // Still first in line.
      expect((await call(t, { deskId: w.passportsOnly.id })).json().id).toBe(first.id);
      vi.setSystemTime(at('10:14'));
      const served = await t.call('POST', `/api/queue/${first.id}/served`, staff);
      expect(served.json()).toMatchObject({
        state: 'served',
        checkedInAt: '2030-03-12T10:00:00+01:00',
        calledAt: '2030-03-12T10:02:00+01:00',
        servedAt: '2030-03-12T10:14:00+01:00',
        desk: { id: w.passportsOnly.id },
      });
      expect(await auditOf('queue_returned', first.id)).toHaveLength(1);
      expect(await auditOf('queue_served', first.id)).toHaveLength(1);
      const again = await t.call('POST', `/api/queue/${first.id}/served`, staff);
      expect(again.statusCode).toBe(409);
      expect(again.json().errors).toEqual([{ property: 'entryId', message: 'not_called' }]);
      expect((await t.call('POST', `/api/queue/${second.id}/return`, staff)).statusCode).toBe(409);
      expect((await t.call('POST', '/api/queue/999999/served', staff)).statusCode).toBe(404);
    });

    it('a no-show of an appointment marks the appointment no-show too', async () => {
      await world();
      const v = await visit(w.all.id, at('09:48'), [w.passport.id]);
      await checkInByCode(t, v.checkInCode!);
      const entry = (await call(t, { deskId: w.all.id })).json<QueueEntry>();
      const res = await t.call('POST', `/api/queue/${entry.id}/no-show`, staff);
      expect(res.json()).toMatchObject({ state: 'no_show' });
      const [row] = await t.database.db.select().from(appointments).where(eq(appointments.id, v.id));
      expect(row!.status).toBe('no_show');
      // A waiting walk-in who left can be marked too.
      const gone = await walkIn(t, w.here.id, [w.passport.id]);
      expect((await t.call('POST', `/api/queue/${gone.id}/no-show`, staff)).json().state).toBe('no_show');
    });
  });

  describe('walk-ins', () => {
    it('numbers tickets W001, W002… per location and day', async () => {
      await world();
      expect((await walkIn(t, w.here.id, [w.passport.id], staff)).ticket).toBe('W001');
      expect((await walkIn(t, w.here.id, [w.licence.id])).ticket).toBe('W002');
      expect((await walkIn(t, w.elsewhere.id, [w.passport.id])).ticket).toBe('W001');
      await moveTo(new Date('2030-03-13T09:00:00+01:00'));
      expect((await walkIn(t, w.here.id, [w.passport.id], me)).ticket).toBe('W001');
    });

    it('shows the walk-in minutes of today per day part: the overflow share, used, left', async () => {
      await world();
      me = t.admin;
      const minutes = async () => {
        const res = await t.call('GET', `/api/walk-ins/minutes?locationId=${w.here.id}`, me);
        expect(res.statusCode, res.body).toBe(200);
        return walkInMinutesSchema.parse(res.json());
      };
      // Loket 1 keeps half of its morning (08:00–12:00, 240 minutes) for walk-ins; Loket 2 nothing.
      expect(await minutes()).toEqual({
        date: TODAY,
        current: 'morning',
        parts: [
          { dayPart: 'morning', shareSet: true, total: 120, used: 0, left: 120 },
          // No desk keeps anything of the afternoon or evening: no share set, so no limit to warn about.
          { dayPart: 'afternoon', shareSet: false, total: 0, used: 0, left: 0 },
          { dayPart: 'evening', shareSet: false, total: 0, used: 0, left: 0 },
        ],
      });
      await walkIn(t, w.here.id, [w.passport.id, w.licence.id]);
      const gone = await walkIn(t, w.here.id, [w.licence.id]);
      await t.call('POST', `/api/queue/${gone.id}/no-show`, staff);
      expect((await minutes()).parts[0]).toEqual({
        dayPart: 'morning',
        shareSet: true,
        total: 120,
        used: 36,
        left: 84,
      });
      await moveTo(at('13:00'));
      // An afternoon walk-in with no afternoon share set: counted, but there is no share to go over.
      await walkIn(t, w.here.id, [w.licence.id], me);
      expect((await minutes()).parts[1]).toEqual({
        dayPart: 'afternoon',
        shareSet: false,
        total: 0,
        used: 24,
        left: 0,
      });
      expect((await minutes()).current).toBe('afternoon');
    });

    it('says a share is set for a day part some desk keeps minutes of, even when those are used up', async () => {
      await world();
      me = t.admin;
      // Loket 2 keeps a tenth of its afternoon: the afternoon has a share now, of both desks' minutes.
      const res = await t.call('PATCH', `/api/desk/${w.passportsOnly.id}`, t.admin, {
        overflow: { morning: 0, afternoon: 10, evening: 0 },
      });
      expect(res.statusCode, res.body).toBe(200);
      const parts = walkInMinutesSchema.parse(
        (await t.call('GET', `/api/walk-ins/minutes?locationId=${w.here.id}`, me)).json(),
      ).parts;
      expect(parts.map((p) => [p.dayPart, p.shareSet])).toEqual([
        ['morning', true],
        ['afternoon', true],
        ['evening', false],
      ]);
      // The other location's desks keep nothing at all.
      const elsewhere = walkInMinutesSchema.parse(
        (await t.call('GET', `/api/walk-ins/minutes?locationId=${w.elsewhere.id}`, me)).json(),
      ).parts;
      expect(elsewhere.every((p) => !p.shareSet)).toBe(true);
    });

    it.each([
      [{ appointmentItems: [] }, 'appointmentItems', 'products_required'],
      [
        { appointmentItems: [{ productId: 999999, amount: 1 }] },
        'appointmentItems.0.productId',
        'object/not-found',
      ],
      [{ locationId: 999999 }, 'locationId', 'object/not-found'],
      [{ extra: 1 }, 'body', 'unknown_property'],
    ])('answers 400 for %j naming %s', async (change, property, message) => {
      await world();
      const body = {
        locationId: w.here.id,
        appointmentItems: [{ productId: w.passport.id, amount: 1 }],
        ...change,
      };
      const res = await t.call('POST', '/api/walk-ins', staff, body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().errors).toContainEqual({ property, message });
    });

    it('refuses products no desk of the location serves', async () => {
      await world();
      await t.call('PATCH', `/api/desk/${w.all.id}`, t.admin, { productIds: [w.passport.id] });
      const res = await t.call('POST', '/api/walk-ins', staff, {
        locationId: w.here.id,
        appointmentItems: [{ productId: w.licence.id, amount: 1 }],
      });
      expect(res.json().errors).toEqual([{ property: 'appointmentItems', message: 'not_served_here' }]);
    });
  });

  describe('roles and bad input', () => {
    it('is the desk’s work: guests 401, users 403, staff and admins allowed', async () => {
      await world();
      const body = { deskId: w.all.id };
      expect((await call(t, body, null as unknown as Session)).statusCode).toBe(401);
      expect((await call(t, body, t.user)).statusCode).toBe(403);
      expect((await t.call('GET', `/api/queue?locationId=${w.here.id}`, t.user)).statusCode).toBe(403);
      expect((await t.call('POST', '/api/walk-ins', t.user, {})).statusCode).toBe(403);
      expect((await t.call('GET', `/api/queue?locationId=${w.here.id}`, staff)).statusCode).toBe(200);
      expect((await t.call('POST', `/api/location/${w.here.id}/display-key`, staff)).statusCode).toBe(403);
    });

    it.each([
      [{}, 'deskId', 'required'],
      [{ deskId: 999999 }, 'deskId', 'object/not-found'],
      [{ deskId: 'x' }, 'deskId', 'invalid_type'],
      [{ deskId: 1, entryId: 1, appointmentId: 1 }, 'entryId', 'not_with_appointment_id'],
    ])('POST /queue/call answers 400 for %j naming %s', async (body, property, message) => {
      const res = await call(t, body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().errors).toContainEqual({ property, message });
    });

    it('GET /queue needs a known locationId', async () => {
      expect((await t.call('GET', '/api/queue', staff)).json().errors).toContainEqual({
        property: 'locationId',
        message: 'invalid_type',
      });
      expect((await t.call('GET', '/api/queue?locationId=999999', staff)).json().errors).toEqual([
        { property: 'locationId', message: 'object/not-found' },
      ]);
    });
  });

  describe('the waiting room’s display', () => {
    const keyOf = async (id: number) =>
      (await t.call('GET', `/api/location/${id}`, t.admin)).json<AdminLocation>().displayKey;

    it('shows the last ten calls with ticket and desk, never a name; a wrong key is a 404', async () => {
      await world();
      const key = await keyOf(w.here.id);
      expect(key).toMatch(/^[\w-]{43}$/);
      const v = await visit(w.all.id, at('10:00'), [w.passport.id]);
      await checkInByCode(t, v.checkInCode!);
      for (let i = 0; i < 11; i++) await walkIn(t, w.here.id, [w.passport.id]);
      for (let i = 0; i < 12; i++) {
        vi.setSystemTime(minutesFrom(NOW, i + 1));
        await call(t, { deskId: i % 2 ? w.all.id : w.passportsOnly.id });
      }
      const res = await t.call('GET', `/api/display/${w.here.id}/state?key=${key}`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      const calls = res.json<DisplayCall[]>();
      expect(calls).toHaveLength(10);
      expect(calls[0]).toEqual({
        id: expect.any(Number),
        ticket: 'W011',
        desk: { name: w.all.name, label: null },
        calledAt: '2030-03-12T10:12:00+01:00',
      });
      expect(calls.at(-1)!.ticket).toBe('W002');
      expect(res.body).not.toContain('Bezoeker');
      expect((await t.call('GET', `/api/display/${w.here.id}/state?key=wrong`)).statusCode).toBe(404);
      expect((await t.call('GET', `/api/display/${w.elsewhere.id}/state?key=${key}`)).statusCode).toBe(404);
      expect((await t.call('GET', `/api/display/${w.here.id}/state`)).statusCode).toBe(400);
    });

    it('renewing the key (admins) stops the old one at once, audited without the key', async () => {
      await world();
      const old = await keyOf(w.here.id);
      const res = await t.call('POST', `/api/location/${w.here.id}/display-key`, t.admin);
      expect(res.statusCode).toBe(200);
      const { displayKey } = res.json<{ displayKey: string }>();
      expect(displayKey).not.toBe(old);
      expect(await keyOf(w.here.id)).toBe(displayKey);
      expect((await t.call('GET', `/api/display/${w.here.id}/state?key=${old}`)).statusCode).toBe(404);
      expect((await t.call('GET', `/api/display/${w.here.id}/state?key=${displayKey}`)).statusCode).toBe(200);
      const events = await t.database.db
        .select()
        .from(auditEvents)
        .where(
          and(eq(auditEvents.action, 'display_key_renewed'), eq(auditEvents.subjectId, String(w.here.id))),
        );
      expect(events).toHaveLength(1);
      expect(JSON.stringify(events)).not.toContain(displayKey);
      expect((await t.call('POST', '/api/location/999999/display-key', t.admin)).statusCode).toBe(404);
    });

    /** The app listens once per file: the streams need a real socket, inject() has none. */
    let listening: Promise<string> | null = null;
    const listen = () => (listening ??= t.app.listen({ port: 0, host: '127.0.0.1' }));

    it('streams every call of its location as a server-sent event', async () => {
      await world();
      const address = await listen();
      const key = await keyOf(w.here.id);
      const stream = await openEventStream(`${address}/api/display/${w.here.id}/events?key=${key}`);
      try {
        const elsewhere = await walkIn(t, w.elsewhere.id, [w.passport.id]);
        await call(t, { deskId: w.elsewhereDesk.id, entryId: elsewhere.id });
        const ticket = await walkIn(t, w.here.id, [w.passport.id]);
        await call(t, { deskId: w.all.id });
        const event = await stream.next();
        expect(event.event).toBe('call');
        expect(JSON.parse(event.data)).toEqual({
          id: ticket.id,
          ticket: ticket.ticket,
          desk: { name: w.all.name, label: null },
          calledAt: '2030-03-12T10:00:00+01:00',
        });
        const wrong = await fetch(`${address}/api/display/${w.here.id}/events?key=nope`);
        expect(wrong.status).toBe(404);
      } finally {
        stream.close();
      }
    });

    it('renewing the key ends the streams opened with the old one; the old key then opens none', async () => {
      await world();
      const address = await listen();
      const old = await keyOf(w.here.id);
      const stream = await openEventStream(`${address}/api/display/${w.here.id}/events?key=${old}`);
      const other = await openEventStream(
        `${address}/api/display/${w.elsewhere.id}/events?key=${await keyOf(w.elsewhere.id)}`,
      );
      try {
        expect((await t.call('POST', `/api/location/${w.here.id}/display-key`, t.admin)).statusCode).toBe(
          200,
        );
        await stream.ended(2000);
        expect((await fetch(`${address}/api/display/${w.here.id}/events?key=${old}`)).status).toBe(404);
        await expect(other.ended(300)).rejects.toThrow('stream still open');
      } finally {
        stream.close();
        other.close();
      }
    });

    it(`one address opens at most ${DISPLAY_STREAM_LIMITS.perClient} streams: one more is 429 with Retry-After until one closes`, async () => {
      await world();
      const address = await listen();
      const url = `${address}/api/display/${w.here.id}/events?key=${await keyOf(w.here.id)}`;
      const open: Array<{ close: () => void }> = [];
      for (let i = 0; i < DISPLAY_STREAM_LIMITS.perClient; i++) open.push(await openEventStream(url));
      /** The status of one more stream's request; an accepted one joins the open ones. */
      const oneMore = async () => {
        const abort = new AbortController();
        const res = await fetch(url, { signal: abort.signal });
        if (res.status === 200) open.push({ close: () => abort.abort() });
        return res;
      };
      try {
        const refused = await oneMore();
        expect(refused.status).toBe(429);
        expect(refused.headers.get('retry-after')).toBe(String(STREAM_RETRY_AFTER_SECONDS));
        expect(((await refused.json()) as { code: string }).code).toBe('too_many_requests');
        open.shift()!.close();
        // Its place is free once the server notices the stream is gone.
        await expect.poll(async () => (await oneMore()).status, { timeout: 2000 }).toBe(200);
      } finally {
        for (const s of open) s.close();
      }
    });
  });
});
