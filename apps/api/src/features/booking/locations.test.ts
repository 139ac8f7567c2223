import { beforeAll, describe, expect, it } from 'vitest';
import { availableLocationsResponseSchema, type AdminLocation, type Reservation } from '@balie/shared';
import { testDatabases, useTestApp } from '../../test/index.js';
import {
  bookAt,
  buildWorld,
  created,
  daysFor,
  hold,
  items,
  MORNINGS,
  NOW,
  patched,
  slotsFor,
  WEEKDAYS,
  type World,
} from '../locations/test-support/world.js';

/** NOW is 10:00 on a Monday: the rest of the morning is free. */
const TODAY = '2030-03-11';

/** DESIGN §4b "Who serves what" and "Choosing a location" on the booking calls (decision 0334). */
describe.each(testDatabases)('booking with locations and desks that serve some products on %s', (kind) => {
  const t = useTestApp(kind, { sessions: ['admin'], now: NOW });
  let w: World;
  beforeAll(async () => {
    w = await buildWorld(t);
  });

  const deskIds = async (body: object) =>
    [...new Set((await slotsFor(t, body)).map((s) => s.desk.id))].sort((a, b) => a - b);

  describe('POST /available-days and /timeslots', () => {
    it('offer a product only at the times of desks that serve it', async () => {
      const date = WEEKDAYS[0]!;
      const licence = await slotsFor(t, { appointmentItems: items(w.licence.id), date });
      expect(licence.length).toBeGreaterThan(0);
      for (const s of licence)
        expect(s.desk).toEqual({
          id: w.n1.id,
          name: 'Noord 1',
          location: { id: w.noord.id, name: 'Stadswinkel Noord' },
        });
      // A passport can go to any of the three: each start goes to the least booked, then lowest id.
      expect(await deskIds({ appointmentItems: items(w.passport.id), date })).toEqual([w.s1.id]);
    });

    it('need one desk that serves every item of a multi-product appointment', async () => {
      const date = WEEKDAYS[0]!;
      const both = await slotsFor(t, { appointmentItems: items(w.passport.id, w.licence.id), date });
      expect(both.length).toBeGreaterThan(0);
      expect(new Set(both.map((s) => s.desk.id))).toEqual(new Set([w.n1.id]));
      // 12 + 24 minutes.
      const [first] = both;
      expect(Date.parse(first!.endTime) - Date.parse(first!.beginTime)).toBe(36 * 60_000);
    });

    it('answer [] for a product no active desk serves, and for a combination no one desk serves', async () => {
      expect(await daysFor(t, { appointmentItems: items(w.wedding.id) })).toEqual([]);
      expect(await slotsFor(t, { appointmentItems: items(w.wedding.id), date: WEEKDAYS[0] })).toEqual([]);
      const desk = await created<{ id: number }>(t, '/desks', {
        name: 'Trouwzaal',
        locationId: w.stadhuis.id,
        productIds: [w.wedding.id],
        openingHours: MORNINGS,
      });
      expect((await daysFor(t, { appointmentItems: items(w.wedding.id) }))[0]).toBe(TODAY);
      expect(await daysFor(t, { appointmentItems: items(w.wedding.id, w.licence.id) })).toEqual([]);
      // An inactive desk serves nobody.
      await patched(t, `/desk/${desk.id}`, { active: false });
      expect(await daysFor(t, { appointmentItems: items(w.wedding.id) })).toEqual([]);
    });

    it('with locationId keep to that location; without it every location counts', async () => {
      const date = WEEKDAYS[0]!;
      const passport = items(w.passport.id);
      expect(await deskIds({ appointmentItems: passport, date, locationId: w.noord.id })).toEqual([w.n1.id]);
      const atStadhuis = await slotsFor(t, { appointmentItems: passport, date, locationId: w.stadhuis.id });
      expect(new Set(atStadhuis.map((s) => s.desk.location.id))).toEqual(new Set([w.stadhuis.id]));
      expect(await daysFor(t, { appointmentItems: items(w.licence.id), locationId: w.stadhuis.id })).toEqual(
        [],
      );
      const everywhere = await daysFor(t, { appointmentItems: items(w.licence.id) });
      expect(await daysFor(t, { appointmentItems: items(w.licence.id), locationId: w.noord.id })).toEqual(
        everywhere,
      );
    });

    it.each([
      ['/available-days', {}],
      ['/timeslots', { date: WEEKDAYS[0] }],
      ['/appointment/make-reservation', { fromDateTime: `${WEEKDAYS[0]}T09:00:00+01:00` }],
    ])('%s answers 400 naming locationId for an unknown or inactive location', async (path, extra) => {
      const inactive = await created<AdminLocation>(t, '/locations', { name: 'Dicht', active: false });
      for (const locationId of [999_999, inactive.id]) {
        const res = await t.call('POST', `/api${path}`, null, {
          appointmentItems: items(w.passport.id),
          locationId,
          ...extra,
        });
        expect(res.statusCode, res.body).toBe(400);
        expect(res.json().errors).toEqual([{ property: 'locationId', message: 'object/not-found' }]);
      }
      const bad = await t.call('POST', `/api${path}`, null, {
        appointmentItems: items(w.passport.id),
        locationId: 'noord',
        ...extra,
      });
      expect(bad.json().errors).toContainEqual({ property: 'locationId', message: 'invalid_type' });
    });

    it('a location closure takes exactly its desks away on that day', async () => {
      const date = WEEKDAYS[4]!;
      const passport = items(w.passport.id);
      const before = await slotsFor(t, { appointmentItems: passport, date, locationId: w.noord.id });
      expect(before.length).toBeGreaterThan(0);
      await created(t, '/closures', { date, type: 'whole_day', locationId: w.stadhuis.id });
      expect(await slotsFor(t, { appointmentItems: passport, date, locationId: w.stadhuis.id })).toEqual([]);
      expect(await slotsFor(t, { appointmentItems: passport, date, locationId: w.noord.id })).toEqual(before);
      // Every start of the day is now on Noord's desk.
      expect(await deskIds({ appointmentItems: passport, date })).toEqual([w.n1.id]);
    });
  });

  describe('POST /appointment/make-reservation', () => {
    it('never holds a desk that does not serve every item, whatever start is asked for', async () => {
      const date = WEEKDAYS[1]!;
      // Noord's desk is closed at 09:00–10:00 that day: the Stadhuis desks are free then, but they do not
      // do driving licences.
      const n1 = (await t.call('GET', `/api/desk/${w.n1.id}`, t.admin)).json<{ closures: object[] }>();
      await patched(t, `/desk/${w.n1.id}`, {
        closures: [...n1.closures, { date, type: 'partial', from: '09:00', until: '10:00' }],
      });
      const passportSlots = await slotsFor(t, { appointmentItems: items(w.passport.id), date });
      const nine = passportSlots.find((s) => s.beginTime.includes('T09:00'))!;
      expect(nine.desk.id).toBe(w.s1.id);
      const res = await hold(t, { appointmentItems: items(w.licence.id), fromDateTime: nine.beginTime });
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().code).toBe('timeslot_unavailable');
      // Nor at the Stadhuis when asked for by name.
      const there = await hold(t, {
        appointmentItems: items(w.licence.id),
        fromDateTime: `${date}T10:00:00+01:00`,
        locationId: w.stadhuis.id,
      });
      expect(there.statusCode).toBe(409);
      // At 10:00 Noord's desk takes it.
      const ten = await hold(t, {
        appointmentItems: items(w.licence.id),
        fromDateTime: `${date}T10:00:00+01:00`,
      });
      expect(ten.statusCode, ten.body).toBe(201);
      expect(ten.json<Reservation>().desk).toEqual({
        id: w.n1.id,
        name: 'Noord 1',
        location: { id: w.noord.id, name: 'Stadswinkel Noord' },
      });
    });

    it('holds at the location asked for, and the desk choice rule applies among the desks that qualify', async () => {
      const date = WEEKDAYS[2]!;
      const start = `${date}T09:00:00+01:00`;
      // Everywhere: the least booked desk, then the lowest id — Stadhuis 1.
      const a = await bookAt(t, { appointmentItems: items(w.passport.id), fromDateTime: start });
      expect(a.desk.id).toBe(w.s1.id);
      // At Noord: its desk, although Stadhuis 2 is as free and has the lower id.
      const b = await bookAt(t, {
        appointmentItems: items(w.passport.id),
        fromDateTime: start,
        locationId: w.noord.id,
      });
      expect(b.desk.id).toBe(w.n1.id);
      expect(b.location).toMatchObject({ id: w.noord.id, name: 'Stadswinkel Noord', street: 'Noordplein 3' });
      // Stadhuis 2 is the only one left at 09:00.
      const c = await bookAt(t, { appointmentItems: items(w.passport.id), fromDateTime: start });
      expect(c.desk.id).toBe(w.s2.id);
      const full = await hold(t, { appointmentItems: items(w.passport.id), fromDateTime: start });
      expect(full.statusCode).toBe(409);
      // Later that morning the least booked desk that serves it (Stadhuis 1 and 2 have 12 minutes each,
      // Noord 1 too): the lowest id.
      const d = await bookAt(t, {
        appointmentItems: items(w.passport.id),
        fromDateTime: `${date}T10:00:00+01:00`,
      });
      expect(d.desk.id).toBe(w.s1.id);
    });
  });

  describe('POST /available-locations', () => {
    const ask = (body: object, headers: Record<string, string> = {}) =>
      t.call('POST', '/api/available-locations', null, body, headers);

    it('lists every active location where one desk serves all the items, in location order, with its first free day', async () => {
      const res = await ask({ appointmentItems: items(w.passport.id) }, { 'accept-language': 'en' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers.vary).toContain('Accept-Language');
      const answer = availableLocationsResponseSchema.parse(res.json());
      expect(answer.map((a) => a.location.name)).toEqual(['Stadswinkel Noord', 'Stadhuis']);
      expect(answer[1]!.location).toEqual({
        id: w.stadhuis.id,
        name: 'Stadhuis',
        street: 'Markt 1',
        postcode: '1234 AB',
        city: 'Voorbeeld',
        phone: '',
        notice: 'Entrance on the market side',
        active: true,
      });
      for (const a of answer) {
        const days = await daysFor(t, { appointmentItems: items(w.passport.id), locationId: a.location.id });
        expect(a.firstAvailableDate).toBe(days[0]);
      }
      const licence = (await ask({ appointmentItems: items(w.licence.id) })).json<typeof answer>();
      expect(licence.map((a) => a.location.id)).toEqual([w.noord.id]);
      expect(licence[0]!.firstAvailableDate).toBe(TODAY);
    });

    it('answers [] for a product no active desk serves, and null when a location has nothing free', async () => {
      expect((await ask({ appointmentItems: items(w.wedding.id) })).json()).toEqual([]);
      // A location whose only desk for this product has no opening hours: listed, nothing free.
      const product = await created<{ id: number }>(t, '/products', { title: 'Alleen Zuid', timeUnit: 12 });
      const zuid = await created<AdminLocation>(t, '/locations', { name: 'Zuid' });
      await created(t, '/desks', { name: 'Zuid 1', locationId: zuid.id, productIds: [product.id] });
      expect((await ask({ appointmentItems: items(product.id) })).json()).toEqual([
        { location: expect.objectContaining({ id: zuid.id }), firstAvailableDate: null },
      ]);
    });

    it('answers 400 naming the item for an unknown product, and for bad input', async () => {
      const unknown = await ask({ appointmentItems: items(999_999) });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().errors).toEqual([
        { property: 'appointmentItems.0.productId', message: 'object/not-found' },
      ]);
      expect((await ask({})).json().errors).toContainEqual({
        property: 'appointmentItems',
        message: 'required',
      });
      expect((await ask({ appointmentItems: [] })).statusCode).toBe(400);
    });
  });
});
