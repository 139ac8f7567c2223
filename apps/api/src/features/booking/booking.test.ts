import { and, eq, sql } from 'drizzle-orm';
import type { Reservation } from '@balie/shared';
import { DateTime } from 'luxon';
import { describe, expect, it, vi } from 'vitest';
import { appointments, desks, outbox, productFileChunks, productFiles } from '../../db/schema/index.js';
import { testDatabases, useTestApp } from '../../test/index.js';
import { availableDays, confirm, hold, holdOk, ITEMS, slotsOn, someSlots } from './test-support/helpers.js';

const ZONE = 'Europe/Amsterdam';
const ISO_WITH_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:00[+-]\d{2}:\d{2}$/;

describe.each(testDatabases)('booking API on %s', (kind) => {
  const t = useTestApp(kind, { sessions: ['admin', 'user'] });

  describe('products', () => {
    it('lists active products with category and files for guests', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/products' });
      expect(res.statusCode).toBe(200);
      const products = res.json();
      expect(products).toHaveLength(8);
      expect(products[0]).toMatchObject({
        id: 1,
        title: 'Paspoort aanvragen',
        category: { name: 'Reisdocumenten' },
        files: [],
      });
      const categories = await t.app.inject({ method: 'GET', url: '/api/product-categories' });
      expect(categories.json().map((c: { name: string }) => c.name)).toEqual([
        'Reisdocumenten',
        'Rijbewijzen',
        'Burgerzaken',
      ]);
      // In the visitor's language where the category has a name in it (decision 0432).
      const english = await t.app.inject({
        url: '/api/product-categories',
        headers: { 'accept-language': 'en' },
      });
      expect(english.json().map((c: { name: string }) => c.name)).toEqual([
        'Travel documents',
        'Driving licences',
        'Civil affairs',
      ]);
    });

    it('shows inactive products to admins only', async () => {
      expect((await t.app.inject({ method: 'GET', url: '/api/products?all=true' })).statusCode).toBe(401);
      expect((await t.call('GET', '/api/products?all=true', t.user)).statusCode).toBe(403);
      expect((await t.call('GET', '/api/products?all=true', t.admin)).statusCode).toBe(200);
    });

    it('downloads a product file as an attachment with its content type', async () => {
      // Product 2: the list test above expects product 1 without files, whichever runs first.
      const [file] = await t.database.db
        .insert(productFiles)
        .values({
          productId: 2,
          fileName: 'checklist paspoort.pdf',
          mimeType: 'application/pdf',
          size: 9,
        })
        .returning();
      await t.database.db
        .insert(productFileChunks)
        .values({ fileId: file!.id, seq: 0, data: Buffer.from('%PDF-1.4\n') });
      const res = await t.app.inject({ method: 'GET', url: `/api/product/2/file/${file!.id}` });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toContain('attachment; filename="checklist paspoort.pdf"');
      expect(res.rawPayload.toString()).toBe('%PDF-1.4\n');
      const listed = (await t.app.inject({ method: 'GET', url: '/api/products' }))
        .json<Array<{ id: number; files: unknown[] }>>()
        .find((p) => p.id === 2);
      expect(listed?.files).toEqual([
        expect.objectContaining({ id: file!.id, fileName: 'checklist paspoort.pdf', size: 9 }),
      ]);
      expect((await t.app.inject({ method: 'GET', url: `/api/product/1/file/${file!.id}` })).statusCode).toBe(
        404,
      );
      const bad = await t.app.inject({ method: 'GET', url: '/api/product/x/file/1' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().errors[0].property).toBe('id');
    });
  });

  describe('availability', () => {
    it('offers weekdays inside the window, and slots on the 12-minute grid of the opening hours', async () => {
      const days = await availableDays(t.app);
      const today = DateTime.now().setZone(ZONE).startOf('day');
      expect(days.length).toBeGreaterThan(40);
      for (const d of days) {
        const day = DateTime.fromISO(d, { zone: ZONE });
        expect(day.weekday).toBeLessThanOrEqual(5);
        expect(day >= today && day <= today.plus({ months: 3 })).toBe(true);
      }
      const slots = await slotsOn(t.app, days[1]!);
      expect(slots[0]).toMatchObject({
        beginTime: expect.stringMatching(ISO_WITH_OFFSET),
        desk: { id: 1, name: 'Balie 1' },
      });
      expect(slots[0]!.beginTime.slice(11, 16)).toBe('08:30');
      for (const s of slots) {
        const begin = DateTime.fromISO(s.beginTime, { zone: ZONE });
        const minutes = begin.hour * 60 + begin.minute;
        const fromOpening =
          minutes >= 13 * 60
            ? minutes - 13 * 60
            : minutes >= 18 * 60
              ? minutes - 18 * 60
              : minutes - (8 * 60 + 30);
        expect(fromOpening % 12).toBe(0);
        expect(DateTime.fromISO(s.endTime).diff(begin, 'minutes').minutes).toBe(12);
      }
      const restricted = await availableDays(t.app, { from: days[2], until: days[4] });
      expect(restricted).toEqual(days.slice(2, 5));
    });

    it('answers bad input with 400 naming the field', async () => {
      const cases: Array<[Record<string, unknown>, string]> = [
        [{ appointmentItems: [] }, 'appointmentItems'],
        [{ appointmentItems: [{ productId: 999, amount: 1 }] }, 'appointmentItems.0.productId'],
        [{ appointmentItems: [{ productId: 1, amount: 0 }] }, 'appointmentItems.0.amount'],
        [{ appointmentItems: [{ productId: 1, amount: 11 }] }, 'appointmentItems.0.amount'],
        [{ appointmentItems: ITEMS, from: '2026-13-01' }, 'from'],
        [{ appointmentItems: ITEMS, from: '2030-02-02', until: '2030-02-01' }, 'until'],
        [{ appointmentItems: ITEMS, token: 'abc' }, 'appointmentId'],
      ];
      for (const [payload, property] of cases) {
        const res = await t.app.inject({ method: 'POST', url: '/api/available-days', payload });
        expect(res.statusCode, property).toBe(400);
        expect(res.json()).toMatchObject({
          code: 'validation_failed',
          errors: [expect.objectContaining({ property })],
        });
      }
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/timeslots',
        payload: { appointmentItems: ITEMS, date: 'tomorrow' },
      });
      expect(res.json().errors[0].property).toBe('date');
      const changing = await t.app.inject({
        method: 'POST',
        url: '/api/timeslots',
        payload: { appointmentItems: ITEMS, date: '2030-01-01', appointmentId: 999_999, token: 'x' },
      });
      expect(changing.statusCode).toBe(404);
    });

    it('holds back overflow minutes: a desk at 100 % in the morning offers no morning slot', async () => {
      const { date } = await someSlots(t.app, 3);
      // Written straight into the table: its trigger raises the schedule version (decision 0323).
      await t.database.db.update(desks).set({ overflowMorning: 100 }).where(eq(desks.id, 1));
      try {
        const slots = await slotsOn(t.app, date);
        const morningOnDesk1 = slots.filter((s) => s.desk.id === 1 && s.beginTime.slice(11, 13) < '12');
        expect(morningOnDesk1).toEqual([]);
        expect(slots.some((s) => s.desk.id === 2 && s.beginTime.slice(11, 13) < '12')).toBe(true);
      } finally {
        await t.database.db.update(desks).set({ overflowMorning: 0 }).where(eq(desks.id, 1));
      }
    });
  });

  // Each test that holds or books takes a day of its own (the index into the available days): the tests of
  // a file share one database and may run in any order (npm run test:stress shuffles them).
  describe('holds', () => {
    it('holds a slot on the preferred desk, then the other desk, then answers 409', async () => {
      const { date, slots } = await someSlots(t.app, 5);
      const slot = slots[3]!;
      const first = await holdOk(t.app, slot.beginTime);
      expect(first).toMatchObject({
        reservation: true,
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        fromDateTime: slot.beginTime,
        untilDateTime: slot.endTime,
        desk: { id: 1, name: 'Balie 1' },
        appointmentItems: [{ product: { id: 1, title: 'Paspoort aanvragen' }, amount: 1 }],
      });
      const validTill = DateTime.fromISO(first.validTill).toMillis();
      expect(validTill - Date.now()).toBeGreaterThan(9 * 60_000);
      expect(validTill - Date.now()).toBeLessThanOrEqual(10 * 60_000);
      const second = await holdOk(t.app, slot.beginTime);
      expect(second.desk.id).toBe(2);
      const third = await hold(t.app, { fromDateTime: slot.beginTime });
      expect(third.statusCode).toBe(409);
      expect(third.json().code).toBe('timeslot_unavailable');
      // The held slot is gone from the list; the day itself still has others.
      expect((await slotsOn(t.app, date)).map((s) => s.beginTime)).not.toContain(slot.beginTime);
    });

    it('answers a crowd for one start with one hold per desk and 409s, and a later visitor finds a desk freed since', async () => {
      const { slots } = await someSlots(t.app, 9);
      const slot = slots[2]!;
      const crowd = await Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          t.app.inject({
            method: 'POST',
            url: '/api/appointment/make-reservation',
            remoteAddress: `10.3.0.${i + 1}`,
            payload: { appointmentItems: ITEMS, fromDateTime: slot.beginTime },
          }),
        ),
      );
      const held = crowd.filter((r) => r.statusCode === 201).map((r) => r.json<Reservation>());
      expect(held.map((h) => h.desk.id).sort()).toEqual([1, 2]);
      expect(crowd.filter((r) => r.statusCode === 409).map((r) => r.json().code)).toEqual(
        Array(10).fill('timeslot_unavailable'),
      );
      // The start was found full (decision 0413); then one of the holds expires.
      await t.database.db
        .update(appointments)
        .set({ validTill: new Date(Date.now() - 1000) })
        .where(eq(appointments.reservationId, held[0]!.id));
      const later = await holdOk(t.app, slot.beginTime);
      expect(later.desk.id).toBe(held[0]!.desk.id);
    });

    it('stamps a hold with the app clock (which tests and the test clock set), not the database clock', async () => {
      // A day ahead of PostgreSQL's clock (PGlite takes its clock from JavaScript's Date: they agree there).
      vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 86_400_000 });
      try {
        const { slots } = await someSlots(t.app, 15);
        const held = await holdOk(t.app, slots[0]!.beginTime);
        expect(Math.abs(DateTime.fromISO(held.createdDateTime).toMillis() - Date.now())).toBeLessThan(60_000);
      } finally {
        vi.useRealTimers();
      }
    });

    it('allows 120 hold attempts a minute per client address, then 429; other addresses go on', async () => {
      const attempt = (remoteAddress: string) =>
        t.app.inject({
          method: 'POST',
          url: '/api/appointment/make-reservation',
          remoteAddress,
          payload: { appointmentItems: ITEMS, fromDateTime: '2020-01-06T09:00:00+01:00' },
        });
      const office = `10.${kind === 'pglite' ? 1 : 2}.0.7`;
      const statuses: number[] = [];
      for (let i = 0; i < 121; i++) statuses.push((await attempt(office)).statusCode);
      expect(statuses.slice(0, 120).every((s) => s === 409)).toBe(true);
      expect(statuses[120]).toBe(429);
      expect((await attempt(office)).json().code).toBe('too_many_requests');
      expect((await attempt(`${office}1`)).statusCode).toBe(409);
    });

    it('refuses a start off the grid, in the past or outside the window', async () => {
      const { slots } = await someSlots(t.app, 6);
      const offGrid = DateTime.fromISO(slots[0]!.beginTime).plus({ minutes: 5 }).toISO()!;
      for (const fromDateTime of [
        offGrid,
        '2020-01-06T09:00:00+01:00',
        DateTime.now().plus({ months: 4 }).toISO()!,
      ]) {
        const res = await hold(t.app, { fromDateTime });
        expect(res.statusCode).toBe(409);
      }
      const bad = await hold(t.app, { fromDateTime: '09:00' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().errors[0].property).toBe('fromDateTime');
      const badReplace = await hold(t.app, {
        fromDateTime: slots[0]!.beginTime,
        replacesReservationId: 'nope',
      });
      expect(badReplace.json().errors[0].property).toBe('replacesReservationId');
    });

    it('releases the hold it replaces in the same call, also when re-picking an overlapping slot', async () => {
      const { slots } = await someSlots(t.app, 7);
      const a = await holdOk(t.app, slots[0]!.beginTime);
      const b = await holdOk(t.app, slots[0]!.beginTime, { replacesReservationId: a.id });
      expect(b.desk.id).toBe(1); // desk 1 is free again once a is released
      const rows = await t.database.db
        .select()
        .from(appointments)
        .where(eq(appointments.reservationId, a.id));
      expect(rows).toEqual([]);
    });

    it('keeps the hold it would replace when the new slot turns out to be taken', async () => {
      const { slots } = await someSlots(t.app, 12);
      const mine = await holdOk(t.app, slots[0]!.beginTime);
      // Two other visitors take both desks of another start meanwhile.
      await holdOk(t.app, slots[4]!.beginTime);
      await holdOk(t.app, slots[4]!.beginTime);
      const lost = await hold(t.app, { fromDateTime: slots[4]!.beginTime, replacesReservationId: mine.id });
      expect(lost.statusCode).toBe(409);
      const still = await t.app.inject({
        method: 'GET',
        url: `/api/appointment/reservation/${mine.id}/extend`,
      });
      expect(still.json()).toMatchObject({ reservation: true, id: mine.id });
      expect((await confirm(t.app, mine.id)).statusCode).toBe(201);
    });

    it('lets an expired hold block nobody, and extends only a valid hold', async () => {
      const { slots } = await someSlots(t.app, 8);
      const slot = slots[1]!;
      const a = await holdOk(t.app, slot.beginTime);
      const b = await holdOk(t.app, slot.beginTime);
      const extended = await t.app.inject({
        method: 'GET',
        url: `/api/appointment/reservation/${a.id}/extend`,
      });
      expect(extended.statusCode).toBe(200);
      expect(extended.json()).toMatchObject({ reservation: true, id: a.id, fromDateTime: a.fromDateTime });
      expect(DateTime.fromISO(extended.json().validTill) >= DateTime.fromISO(a.validTill)).toBe(true);
      await t.database.db
        .update(appointments)
        .set({ validTill: new Date(Date.now() - 1000) })
        .where(eq(appointments.reservationId, a.id));
      const gone = await t.app.inject({ method: 'GET', url: `/api/appointment/reservation/${a.id}/extend` });
      expect(gone.json()).toEqual({ reservation: false });
      const c = await holdOk(t.app, slot.beginTime);
      expect(c.desk.id).toBe(a.desk.id);
      expect(b.desk.id).not.toBe(a.desk.id);
      const bad = await t.app.inject({ method: 'GET', url: '/api/appointment/reservation/123/extend' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().errors[0].property).toBe('id');
    });
  });

  describe('confirming', () => {
    it('refuses to confirm a confirmed hold again with other details, and shows nothing of it', async () => {
      const { slots } = await someSlots(t.app, 13);
      const r = await holdOk(t.app, slots[4]!.beginTime);
      const first = await confirm(t.app, r.id, { email: 'first@example.org' });
      expect(first.statusCode).toBe(201);
      for (const other of [
        { email: 'second@example.org' },
        { email: 'first@example.org', lastName: 'Other' },
        { email: 'first@example.org', phone: '+31 6 87654321' },
        { email: 'first@example.org', initials: 'K.' },
        { email: 'first@example.org', language: 'de' },
      ]) {
        const res = await confirm(t.app, r.id, other);
        expect(res.statusCode).toBe(409);
        expect(res.json()).toEqual({
          code: 'conflict',
          message: 'This reservation has already been confirmed with other details',
          errors: [{ property: 'reservationId', message: 'already_confirmed' }],
        });
        expect(res.body).not.toContain(first.json().token);
      }
      // A signed-in person who was not the one who confirmed gets nothing either.
      const res = await confirm(t.app, r.id, { email: 'first@example.org' }, t.user.headers);
      expect(res.statusCode).toBe(409);
      // The first caller's retry still works.
      const retry = await confirm(t.app, r.id, { email: 'first@example.org' });
      expect(retry.json()).toMatchObject({ id: first.json().id, token: first.json().token });
    });

    it('turns a hold into an appointment with a token, once, and queues one confirmation', async () => {
      const { slots } = await someSlots(t.app, 14);
      const r = await holdOk(t.app, slots[2]!.beginTime);
      const res = await confirm(t.app, r.id, { language: 'en' });
      expect(res.statusCode).toBe(201);
      const appointment = res.json();
      expect(appointment).toMatchObject({
        status: 'confirmed',
        fromDateTime: r.fromDateTime,
        duration: 12,
        lastName: 'Jansen',
        language: 'en',
        canChange: true,
        desk: { id: r.desk.id, name: r.desk.name },
      });
      expect(appointment.desk.label).toBeUndefined();
      expect(Buffer.from(appointment.token, 'base64url').length).toBeGreaterThanOrEqual(32);
      // A repeat of the same request (a retry) gets the same appointment and token, and no second mail.
      const again = await confirm(t.app, r.id, { language: 'en' });
      expect(again.statusCode).toBe(201);
      expect(again.json()).toMatchObject({ id: appointment.id, token: appointment.token });
      const mails = await t.database.db
        .select()
        .from(outbox)
        .where(
          and(
            eq(outbox.kind, 'appointment-confirmation'),
            sql`${outbox.payload}->>'appointmentId' = ${String(appointment.id)}`,
          ),
        );
      expect(mails).toHaveLength(1);
      expect(JSON.stringify(mails[0]!.payload)).not.toContain(appointment.token);
      const [row] = await t.database.db
        .select()
        .from(appointments)
        .where(eq(appointments.id, appointment.id));
      expect(row!.tokenHash).not.toBe(appointment.token);
      expect(row!.validTill).toBeNull();
    });

    it('answers 410 for an expired or unknown hold and 400 naming bad personal data', async () => {
      const { slots } = await someSlots(t.app, 10);
      const r = await holdOk(t.app, slots[4]!.beginTime);
      await t.database.db
        .update(appointments)
        .set({ validTill: new Date(Date.now() - 1000) })
        .where(eq(appointments.reservationId, r.id));
      const expired = await confirm(t.app, r.id);
      expect(expired.statusCode).toBe(410);
      expect(expired.json().code).toBe('reservation_expired');
      expect((await confirm(t.app, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(410);
      const cases: Array<[Record<string, unknown>, string]> = [
        [{ lastName: '' }, 'lastName'],
        [{ email: 'not-an-address' }, 'email'],
        [{ phone: 'x' }, 'phone'],
        [{ language: 'fr' }, 'language'],
        [{ reservationId: 'abc' }, 'reservationId'],
      ];
      for (const [extra, property] of cases) {
        const res = await confirm(t.app, r.id, extra);
        expect(res.statusCode, property).toBe(400);
        expect(res.json().errors[0].property).toBe(property);
      }
    });

    it('links the appointment to a signed-in user who books', async () => {
      const { slots } = await someSlots(t.app, 11);
      const r = await hold(t.app, { fromDateTime: slots[0]!.beginTime }, t.user.headers);
      const res = await confirm(t.app, r.json().id, { email: 'someone-else@example.org' }, t.user.headers);
      const [row] = await t.database.db.select().from(appointments).where(eq(appointments.id, res.json().id));
      expect(row!.userId).toBe(t.user.userId);
    });
  });
});
