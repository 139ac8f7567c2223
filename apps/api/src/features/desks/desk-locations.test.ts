import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { AdminLocation, Appointment, Desk, GlobalClosure } from '@balie/shared';
import { deskProducts, desks } from '../../db/schema/index.js';
import { testDatabases, useTestApp } from '../../test/index.js';
import {
  bookAt,
  buildWorld,
  created,
  items,
  MORNINGS,
  NOW,
  patched,
  slotsFor,
  WEEKDAYS,
  type World,
} from '../locations/test-support/world.js';
import { appointmentRow, auditOf } from './test-support/schedule.js';

/** Desks in a location, serving all products or some (DESIGN §4b, §5), and what their changes strand. */
describe.each(testDatabases)('desk locations and products on %s', (kind) => {
  const t = useTestApp(kind, { sessions: ['admin'], now: NOW });
  let w: World;
  beforeAll(async () => {
    w = await buildWorld(t);
  });

  const getDesk = async (id: number) => (await t.call('GET', `/api/desk/${id}`, t.admin)).json<Desk>();
  /** Books `productIds` at the first free start of `date` (at `locationId` when given). */
  const book = async (date: string, productIds: number[], locationId?: number, index = 0) => {
    const where = locationId === undefined ? {} : { locationId };
    const slots = await slotsFor(t, { appointmentItems: items(...productIds), date, ...where });
    return bookAt(t, {
      appointmentItems: items(...productIds),
      fromDateTime: slots[index]!.beginTime,
      ...where,
    });
  };

  describe('writing locationId and productIds', () => {
    it('makes a desk in a location serving a list, ascending, and audits both', async () => {
      const desk = await created<Desk>(t, '/desks', {
        name: 'Lijst',
        locationId: w.noord.id,
        productIds: [w.licence.id, w.passport.id],
      });
      expect(desk).toMatchObject({
        locationId: w.noord.id,
        productIds: [w.passport.id, w.licence.id].sort((a, b) => a - b),
      });
      expect(await getDesk(desk.id)).toEqual(desk);
      const [event] = await auditOf(t.database.db, 'desk_created', desk.id);
      expect(event?.details).toMatchObject({
        changes: { locationId: { before: null, after: w.noord.id }, productIds: { after: desk.productIds } },
      });
    });

    it('serves every product with productIds null, also later ones, and stores no list for it', async () => {
      const desk = await created<Desk>(t, '/desks', {
        name: 'Alles',
        locationId: w.noord.id,
        productIds: [w.passport.id],
      });
      const all = await patched<Desk>(t, `/desk/${desk.id}`, { productIds: null });
      expect(all.productIds).toBeNull();
      const rows = await t.database.db.select().from(deskProducts).where(eq(deskProducts.deskId, desk.id));
      expect(rows).toEqual([]);
      const [row] = await t.database.db.select().from(desks).where(eq(desks.id, desk.id));
      expect(row?.servesAllProducts).toBe(true);
      // An empty list serves nothing.
      expect((await patched<Desk>(t, `/desk/${desk.id}`, { productIds: [] })).productIds).toEqual([]);
      await patched(t, `/desk/${desk.id}`, { active: false });
    });

    it('puts a desk made without locationId in the first location, in list order', async () => {
      const desk = await created<Desk>(t, '/desks', { name: 'Zonder locatie', active: false });
      const [first] = (await t.call('GET', '/api/locations?all=true', t.admin)).json<AdminLocation[]>();
      expect(desk).toMatchObject({ locationId: first!.id, productIds: null });
    });

    it.each([
      ['POST', { name: 'X', locationId: 999_999 }, 'locationId', 'object/not-found'],
      ['POST', { name: 'X', productIds: [999_999] }, 'productIds.0', 'object/not-found'],
      ['PATCH', { locationId: 999_999 }, 'locationId', 'object/not-found'],
      ['PATCH', { productIds: [1, 999_998] }, 'productIds.1', 'object/not-found'],
      ['PATCH', { productIds: [1, 1] }, 'productIds', 'duplicate_product'],
      ['PATCH', { productIds: ['1'] }, 'productIds.0', 'invalid_type'],
      ['PATCH', { locationId: null }, 'locationId', 'required'],
    ] as const)(
      '%s answers 400 for %j naming %s, and changes nothing',
      async (method, body, property, message) => {
        const before = await getDesk(w.s1.id);
        const res =
          method === 'POST'
            ? await t.call('POST', '/api/desks', t.admin, body)
            : await t.call('PATCH', `/api/desk/${w.s1.id}`, t.admin, body);
        expect(res.statusCode, res.body).toBe(400);
        expect(res.json().errors).toContainEqual({ property, message });
        expect(await getDesk(w.s1.id)).toEqual(before);
      },
    );
  });

  describe('changes that strand appointments (decision 0333)', () => {
    it('taking a product off a desk: 409 listing its appointments of that product only', async () => {
      const date = WEEKDAYS[0]!;
      const licence = await book(date, [w.licence.id]);
      const passport = await book(date, [w.passport.id], w.noord.id, 3);
      expect([licence.desk.id, passport.desk.id]).toEqual([w.n1.id, w.n1.id]);
      const res = await t.call('PATCH', `/api/desk/${w.n1.id}`, t.admin, { productIds: [w.passport.id] });
      expect(res.statusCode, res.body).toBe(409);
      // Every licence appointment ahead on Noord 1 (another test may have left one), and nothing else.
      const listed = res.json<{ appointments: Appointment[] }>().appointments;
      expect(listed.map((a) => a.id)).toContain(licence.id);
      for (const a of listed) {
        expect(a.desk.id).toBe(w.n1.id);
        expect(a.appointmentItems.map((i) => i.product.id)).toContain(w.licence.id);
      }
      expect((await getDesk(w.n1.id)).productIds).toContain(w.licence.id);
      // Adding one strands nobody.
      const more = await patched<Desk>(t, `/desk/${w.n1.id}`, {
        productIds: [w.passport.id, w.licence.id, w.wedding.id],
      });
      expect(more.productIds).toHaveLength(3);
      // With keep the appointment stands; the desk no longer offers the product.
      const kept = await t.call('PATCH', `/api/desk/${w.n1.id}`, t.admin, {
        productIds: [w.passport.id],
        affectedAppointments: 'keep',
      });
      expect(kept.statusCode, kept.body).toBe(200);
      expect(await appointmentRow(t.database.db, licence.id)).toMatchObject({
        status: 'confirmed',
        deskId: w.n1.id,
      });
      expect(await slotsFor(t, { appointmentItems: items(w.licence.id), date: WEEKDAYS[1] })).toEqual([]);
      await patched(t, `/desk/${w.n1.id}`, { productIds: [w.passport.id, w.licence.id] });
    });

    it('taking a product off with reassign_anywhere: to a desk that serves it, else cancelled', async () => {
      const date = WEEKDAYS[2]!; // a Thursday
      const first = await book(date, [w.licence.id], undefined, 0);
      const second = await book(date, [w.licence.id], undefined, 1);
      // A second licence desk at the Stadhuis, open in the first appointment's time only.
      const start = first.fromDateTime.slice(11, 16);
      const helper = await created<Desk>(t, '/desks', {
        name: 'Stadhuis rijbewijs',
        locationId: w.stadhuis.id,
        productIds: [w.licence.id],
        openingHours: [{ weekday: 4, opens: start, closes: '09:24' }],
      });
      const res = await t.call('PATCH', `/api/desk/${w.n1.id}`, t.admin, {
        productIds: [w.passport.id],
        affectedAppointments: 'reassign_anywhere',
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(await appointmentRow(t.database.db, first.id)).toMatchObject({
        status: 'confirmed',
        deskId: helper.id,
      });
      expect(await appointmentRow(t.database.db, second.id)).toMatchObject({ status: 'cancelled' });
      const [event] = await auditOf(t.database.db, 'appointment_cancelled', second.id);
      expect(event?.details).toMatchObject({ cause: 'product_not_served' });
      await patched(t, `/desk/${w.n1.id}`, { productIds: [w.passport.id, w.licence.id] });
      await patched(t, `/desk/${helper.id}`, { active: false, affectedAppointments: 'keep' });
    });

    it('moving a desk to another location: its appointments would send visitors to the wrong building', async () => {
      const date = WEEKDAYS[3]!;
      // Stadhuis 2 is busier than Noord 1 that day…
      const nine = await book(date, [w.passport.id], w.stadhuis.id, 0);
      expect(nine.desk.id).toBe(w.s1.id);
      const onS2 = await book(date, [w.passport.id], w.stadhuis.id, 0);
      expect(onS2.desk.id).toBe(w.s2.id);
      const onS1 = await book(date, [w.passport.id], w.stadhuis.id, 4);
      expect(onS1.desk.id).toBe(w.s1.id);
      const res = await t.call('PATCH', `/api/desk/${w.s1.id}`, t.admin, { locationId: w.noord.id });
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json<{ appointments: Appointment[] }>().appointments.map((a) => a.id)).toContain(onS1.id);
      expect((await getDesk(w.s1.id)).locationId).toBe(w.stadhuis.id);
      // …yet reassign keeps the visitor in the building they were told: Stadhuis 2.
      const moved = await t.call('PATCH', `/api/desk/${w.s1.id}`, t.admin, {
        locationId: w.noord.id,
        affectedAppointments: 'reassign',
      });
      expect(moved.statusCode, moved.body).toBe(200);
      expect(moved.json<Desk>().locationId).toBe(w.noord.id);
      expect(await appointmentRow(t.database.db, onS1.id)).toMatchObject({
        status: 'confirmed',
        deskId: w.s2.id,
      });
      // At 09:00 Stadhuis 2 is taken; Noord 1 is free, but reassign never sends anyone to another
      // building (decision 0422: that is reassign_anywhere): cancelled with the apology.
      expect(await appointmentRow(t.database.db, nine.id)).toMatchObject({
        status: 'cancelled',
        deskId: w.s1.id,
      });
      const [event] = await auditOf(t.database.db, 'desk_updated', w.s1.id).then((e) => e.slice(-1));
      expect(event?.details).toMatchObject({
        changes: { locationId: { before: w.stadhuis.id, after: w.noord.id } },
        reassigned: [{ id: onS1.id, fromDeskId: w.s1.id, toDeskId: w.s2.id }],
        cancelled: [nine.id],
      });
      // Back where it was: its appointments (none now) strand nobody, and a rename never asks.
      await patched(t, `/desk/${w.s1.id}`, { locationId: w.stadhuis.id });
      await patched(t, `/desk/${w.s2.id}`, { name: 'Stadhuis 2' });
    });

    it('moving a desk with keep: the appointment stays on it, now at the other location', async () => {
      const date = WEEKDAYS[4]!;
      const booked = await book(date, [w.licence.id]);
      const noordBis = await created<AdminLocation>(t, '/locations', { name: 'Noord bis' });
      const res = await t.call('PATCH', `/api/desk/${w.n1.id}`, t.admin, {
        locationId: noordBis.id,
        affectedAppointments: 'keep',
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(await appointmentRow(t.database.db, booked.id)).toMatchObject({
        status: 'confirmed',
        deskId: w.n1.id,
      });
      // Kept, the appointments are where their desk is now: moving it back asks about them again.
      const back = await t.call('PATCH', `/api/desk/${w.n1.id}`, t.admin, { locationId: w.noord.id });
      expect(back.statusCode).toBe(409);
      expect(back.json<{ appointments: Appointment[] }>().appointments.map((a) => a.id)).toContain(booked.id);
      await patched(t, `/desk/${w.n1.id}`, { locationId: w.noord.id, affectedAppointments: 'keep' });
    });
  });

  describe('closures of one location', () => {
    it('POST /closures with locationId closes that location only; GET /closures lists it', async () => {
      const date = WEEKDAYS[6]!;
      const res = await t.call('POST', '/api/closures', t.admin, {
        date,
        type: 'partial',
        from: '09:00',
        until: '10:00',
        reason: 'Verbouwing',
        locationId: w.noord.id,
      });
      expect(res.statusCode, res.body).toBe(201);
      const closure = res.json<GlobalClosure>();
      expect(closure).toEqual({
        id: expect.any(Number),
        date,
        type: 'partial',
        from: '09:00',
        until: '10:00',
        reason: 'Verbouwing',
        locationId: w.noord.id,
      });
      expect((await t.call('GET', '/api/closures', t.admin)).json()).toContainEqual(closure);
      const early = (s: { beginTime: string }) => s.beginTime < `${date}T10:00`;
      const noord = await slotsFor(t, { appointmentItems: items(w.licence.id), date });
      expect(noord.filter(early)).toEqual([]);
      expect(noord.length).toBeGreaterThan(0);
      const stadhuis = await slotsFor(t, {
        appointmentItems: items(w.passport.id),
        date,
        locationId: w.stadhuis.id,
      });
      expect(stadhuis.filter(early).length).toBeGreaterThan(0);
      const [event] = await auditOf(t.database.db, 'closure_created', closure.id);
      expect(event?.details).toMatchObject({ changes: { locationId: { before: null, after: w.noord.id } } });
    });

    it('strands only the appointments of that location: 409, then reassign_anywhere within what is open', async () => {
      const date = WEEKDAYS[7]!;
      const atNoord = await book(date, [w.passport.id], w.noord.id);
      const atStadhuis = await book(date, [w.passport.id], w.stadhuis.id);
      const res = await t.call('POST', '/api/closures', t.admin, {
        date,
        type: 'whole_day',
        locationId: w.noord.id,
      });
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json<{ appointments: Appointment[] }>().appointments.map((a) => a.id)).toEqual([atNoord.id]);
      const reassigned = await t.call('POST', '/api/closures', t.admin, {
        date,
        type: 'whole_day',
        locationId: w.noord.id,
        affectedAppointments: 'reassign_anywhere',
      });
      expect(reassigned.statusCode, reassigned.body).toBe(201);
      const moved = await appointmentRow(t.database.db, atNoord.id);
      expect(moved.status).toBe('confirmed');
      expect([w.s1.id, w.s2.id]).toContain(moved.deskId);
      expect(await appointmentRow(t.database.db, atStadhuis.id)).toMatchObject({
        deskId: atStadhuis.desk.id,
      });
    });

    it('answers 400 naming locationId for an unknown location', async () => {
      const res = await t.call('POST', '/api/closures', t.admin, {
        date: WEEKDAYS[8],
        type: 'whole_day',
        locationId: 999_999,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual([{ property: 'locationId', message: 'object/not-found' }]);
      const rows = await t.database.db
        .select()
        .from(deskProducts)
        .where(and(eq(deskProducts.deskId, w.n1.id), eq(deskProducts.productId, w.licence.id)));
      expect(rows).toHaveLength(1);
    });
  });

  it('staff and guests cannot change where a desk is or what it serves', async () => {
    expect((await t.call('PATCH', `/api/desk/${w.s1.id}`, null, { productIds: null })).statusCode).toBe(401);
    const hours = await getDesk(w.s1.id);
    expect(hours.openingHours).toEqual(MORNINGS);
  });
});
