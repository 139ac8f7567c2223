import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  adminLocationSchema,
  locationSchema,
  type AdminLocation,
  type Appointment,
  type GlobalClosure,
} from '@balie/shared';
import { closures, scheduleState } from '../../db/schema/index.js';
import { testDatabases, useTestApp } from '../../test/index.js';
import { appointmentRow, auditOf, mailsOf } from '../desks/test-support/schedule.js';
import {
  bookAt,
  buildWorld,
  created,
  daysFor,
  items,
  MORNINGS,
  NOW,
  patched,
  slotsFor,
  WEEKDAYS,
  type World,
} from './test-support/world.js';

describe.each(testDatabases)('locations on %s', (kind) => {
  const t = useTestApp(kind, { sessions: ['admin', 'user'], now: NOW });
  let w: World;
  beforeAll(async () => {
    w = await buildWorld(t);
  });

  const version = async () =>
    Number((await t.database.db.select().from(scheduleState).where(eq(scheduleState.id, 1)))[0]!.version);

  describe('GET /locations', () => {
    it('gives everyone the active locations in order (position, then id), the notice in their language', async () => {
      const nl = await t.call('GET', '/api/locations');
      expect(nl.statusCode).toBe(200);
      expect(nl.headers.vary).toContain('Accept-Language');
      const list = nl.json<unknown[]>().map((l) => locationSchema.strict().parse(l));
      // Other tests may add locations: the public list is exactly the active ones of the admin's list, in
      // its order (position, then id), and the world's two keep theirs (Noord's position is lower).
      const all = (await t.call('GET', '/api/locations?all=true', t.admin)).json<AdminLocation[]>();
      expect(list.map((l) => l.id)).toEqual(all.filter((l) => l.active).map((l) => l.id));
      expect(list.map((l) => l.name).filter((n) => n === 'Stadswinkel Noord' || n === 'Stadhuis')).toEqual([
        'Stadswinkel Noord',
        'Stadhuis',
      ]);
      const stadhuisAt = list.findIndex((l) => l.id === w.stadhuis.id);
      expect(list[stadhuisAt]).toEqual({
        id: w.stadhuis.id,
        name: 'Stadhuis',
        street: 'Markt 1',
        postcode: '1234 AB',
        city: 'Voorbeeld',
        phone: '',
        notice: 'Ingang aan de Marktzijde',
        active: true,
      });
      const en = await t.call('GET', '/api/locations', null, undefined, { 'accept-language': 'en' });
      expect(en.json()[stadhuisAt].notice).toBe('Entrance on the market side');
      // No German notice: the Dutch one.
      const de = await t.call('GET', '/api/locations', null, undefined, { 'accept-language': 'de' });
      expect(de.json()[stadhuisAt].notice).toBe('Ingang aan de Marktzijde');
    });

    it('gives admins every location with ?all=true, as they edit it; others 401/403', async () => {
      const res = await t.call('GET', '/api/locations?all=true', t.admin);
      expect(res.statusCode).toBe(200);
      const all = res.json<unknown[]>().map((l) => adminLocationSchema.strict().parse(l));
      expect(all.filter((l) => !l.active).length).toBeGreaterThan(0);
      expect(all.find((l) => l.id === w.stadhuis.id)).toEqual({
        ...w.stadhuis,
        translations: { en: { notice: 'Entrance on the market side' } },
        position: 5,
      });
      const positions = all.map((l) => [l.position, l.id] as const);
      expect(positions).toEqual([...positions].sort((a, b) => a[0] - b[0] || a[1] - b[1]));
      expect((await t.call('GET', '/api/locations?all=true')).statusCode).toBe(401);
      expect((await t.call('GET', '/api/locations?all=true', t.user)).statusCode).toBe(403);
    });

    it('GET /location/{id} is for admins: 404 unknown, 400 a bad id', async () => {
      const res = await t.call('GET', `/api/location/${w.noord.id}`, t.admin);
      expect(adminLocationSchema.strict().parse(res.json())).toEqual(w.noord);
      expect((await t.call('GET', '/api/location/999999', t.admin)).statusCode).toBe(404);
      expect((await t.call('GET', '/api/location/0', t.admin)).json().errors).toContainEqual({
        property: 'id',
        message: 'invalid_id',
      });
      expect((await t.call('GET', `/api/location/${w.noord.id}`)).statusCode).toBe(401);
      expect((await t.call('GET', `/api/location/${w.noord.id}`, t.user)).statusCode).toBe(403);
    });
  });

  describe('POST /locations', () => {
    it('makes a location, active and last in the list unless told, audited, and raises the schedule version', async () => {
      const before = await version();
      const made = await created<AdminLocation>(t, '/locations', { name: '  Stadswinkel Zuid ' });
      expect(made).toEqual({
        id: expect.any(Number),
        name: 'Stadswinkel Zuid',
        street: '',
        postcode: '',
        city: '',
        phone: '',
        notice: '',
        active: true,
        translations: {},
        position: expect.any(Number),
        displayKey: expect.any(String),
      });
      const all = (await t.call('GET', '/api/locations?all=true', t.admin)).json<AdminLocation[]>();
      expect(all.at(-1)?.id).toBe(made.id);
      expect(await version()).toBeGreaterThan(before);
      const [event] = await auditOf(t.database.db, 'location_created', made.id);
      expect(event?.actorUserId).toBe(t.admin.userId);
      expect(event?.details).toMatchObject({
        changes: { name: { before: null, after: 'Stadswinkel Zuid' } },
      });
    });

    it.each([
      [{}, 'name', 'required'],
      [{ name: ' ' }, 'name', 'required'],
      [{ name: 'x'.repeat(101) }, 'name', 'too_long'],
      [{ name: 'L', street: 'a\nb' }, 'street', 'invalid_characters'],
      [{ name: 'L', position: -1 }, 'position', 'too_small'],
      [{ name: 'L', position: 1.5 }, 'position', 'invalid_number'],
      [{ name: 'L', translations: { fr: { notice: 'x' } } }, 'translations', 'unknown_property'],
      [{ name: 'L', notice: 'x'.repeat(1001) }, 'notice', 'too_long'],
      [{ name: 'L', displayKey: 'x' }, 'body', 'unknown_property'],
    ])('answers 400 for %j naming %s', async (body, property, message) => {
      const res = await t.call('POST', '/api/locations', t.admin, body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().errors).toContainEqual({ property, message });
    });

    it('answers a guest with 401 and a user with 403', async () => {
      expect((await t.call('POST', '/api/locations', null, { name: 'X' })).statusCode).toBe(401);
      expect((await t.call('POST', '/api/locations', t.user, { name: 'X' })).statusCode).toBe(403);
    });
  });

  describe('PATCH /location/{id}', () => {
    it('changes the fields it names, replaces the translations, and audits before and after', async () => {
      const l = await created<AdminLocation>(t, '/locations', {
        name: 'Wijkpost',
        notice: 'Bel aan',
        translations: { en: { notice: 'Ring the bell' }, de: { notice: 'Bitte klingeln' } },
      });
      const before = await version();
      const after = await patched<AdminLocation>(t, `/location/${l.id}`, {
        phone: '020 123 4567',
        translations: { de: { notice: 'Klingeln' } },
        position: l.position + 3,
      });
      expect(after).toEqual({
        ...l,
        phone: '020 123 4567',
        translations: { de: { notice: 'Klingeln' } },
        position: l.position + 3,
      });
      expect(await version()).toBeGreaterThan(before);
      const [event] = await auditOf(t.database.db, 'location_updated', l.id);
      expect(event?.details).toEqual({
        changes: {
          phone: { before: '', after: '020 123 4567' },
          translations: {
            before: { en: { notice: 'Ring the bell' }, de: { notice: 'Bitte klingeln' } },
            after: { de: { notice: 'Klingeln' } },
          },
          position: { before: l.position, after: l.position + 3 },
        },
      });
    });

    it('answers 404 for an unknown location, 400 naming the field, 401/403 for others', async () => {
      expect((await t.call('PATCH', '/api/location/999999', t.admin, { name: 'X' })).statusCode).toBe(404);
      const bad = await t.call('PATCH', `/api/location/${w.noord.id}`, t.admin, { active: 'no' });
      expect(bad.json().errors).toContainEqual({ property: 'active', message: 'invalid_type' });
      const decision = await t.call('PATCH', `/api/location/${w.noord.id}`, t.admin, {
        affectedAppointments: 'drop',
      });
      expect(decision.json().errors).toContainEqual({
        property: 'affectedAppointments',
        message: 'invalid_value',
      });
      expect((await t.call('PATCH', `/api/location/${w.noord.id}`, null, { name: 'X' })).statusCode).toBe(
        401,
      );
      expect((await t.call('PATCH', `/api/location/${w.noord.id}`, t.user, { name: 'X' })).statusCode).toBe(
        403,
      );
    });

    it('deactivating takes its desks out of booking and off the public list; reactivating brings them back', async () => {
      const l = await created<AdminLocation>(t, '/locations', { name: 'Tijdelijk', position: 0 });
      // Only this location's desk serves this product.
      const product = await created<{ id: number }>(t, '/products', { title: 'Tijdelijk', timeUnit: 12 });
      const desk = await created<{ id: number }>(t, '/desks', {
        name: 'Tijdelijk 1',
        locationId: l.id,
        productIds: [product.id],
        openingHours: MORNINGS,
      });
      const asked = { appointmentItems: items(product.id), date: WEEKDAYS[0] };
      expect(new Set((await slotsFor(t, asked)).map((s) => s.desk.id))).toEqual(new Set([desk.id]));
      await patched(t, `/location/${l.id}`, { active: false });
      expect(await slotsFor(t, asked)).toEqual([]);
      const names = (await t.call('GET', '/api/locations')).json<AdminLocation[]>().map((x) => x.name);
      expect(names).not.toContain('Tijdelijk');
      // An inactive location cannot be asked for (decision 0334).
      const res = await t.call('POST', '/api/timeslots', null, { ...asked, locationId: l.id });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual([{ property: 'locationId', message: 'object/not-found' }]);
      await patched(t, `/location/${l.id}`, { active: true });
      expect((await slotsFor(t, asked)).length).toBeGreaterThan(0);
      await patched(t, `/location/${l.id}`, { active: false });
    });
  });

  // A story in three steps: the 409 lists exactly what is booked at Noord, "reassign_anywhere" also moves what the
  // 409 test left there, and "keep" leaves its appointment standing — so the steps run in this order.
  describe('deactivating a location under confirmed appointments (DESIGN §4)', { shuffle: false }, () => {
    it('answers 409 appointments_affected listing them, and changes nothing', async () => {
      const date = WEEKDAYS[1]!;
      const [slot] = await slotsFor(t, { appointmentItems: items(w.licence.id), date });
      const booked = await bookAt(t, {
        appointmentItems: items(w.licence.id),
        fromDateTime: slot!.beginTime,
      });
      expect(booked.desk.id).toBe(w.n1.id);
      const res = await t.call('PATCH', `/api/location/${w.noord.id}`, t.admin, { active: false });
      expect(res.statusCode, res.body).toBe(409);
      const body = res.json<{ code: string; appointments: Appointment[] }>();
      expect(body.code).toBe('appointments_affected');
      expect(body.appointments.map((a) => a.id)).toEqual([booked.id]);
      expect((await t.call('GET', `/api/location/${w.noord.id}`, t.admin)).json().active).toBe(true);
    });

    it('with reassign_anywhere moves each to a desk of another active location that serves every item, or cancels it', async () => {
      const date = WEEKDAYS[2]!;
      // A passport appointment can move to the Stadhuis; a driving licence one has nowhere to go.
      const passportSlots = await slotsFor(t, {
        appointmentItems: items(w.passport.id),
        date,
        locationId: w.noord.id,
      });
      const passport = await bookAt(t, {
        appointmentItems: items(w.passport.id),
        fromDateTime: passportSlots[0]!.beginTime,
        locationId: w.noord.id,
      });
      expect(passport.desk.id).toBe(w.n1.id);
      const licenceSlots = await slotsFor(t, { appointmentItems: items(w.licence.id), date });
      const licence = await bookAt(t, {
        appointmentItems: items(w.licence.id),
        fromDateTime: licenceSlots.at(-1)!.beginTime,
      });
      expect(licence.desk.id).toBe(w.n1.id);

      const res = await t.call('PATCH', `/api/location/${w.noord.id}`, t.admin, {
        active: false,
        affectedAppointments: 'reassign_anywhere',
      });
      expect(res.statusCode, res.body).toBe(200);
      const moved = await appointmentRow(t.database.db, passport.id);
      expect(moved.status).toBe('confirmed');
      expect([w.s1.id, w.s2.id]).toContain(moved.deskId);
      expect(moved.during.from.toISOString()).toBe(new Date(passport.fromDateTime).toISOString());
      expect((await mailsOf(t.database.db, t.config, passport.id)).map((m) => m.kind)).toEqual([
        'appointment-confirmation',
        'appointment-change',
      ]);
      expect(await appointmentRow(t.database.db, licence.id)).toMatchObject({ status: 'cancelled' });
      const [cancelled] = await auditOf(t.database.db, 'appointment_cancelled', licence.id);
      expect(cancelled?.details).toMatchObject({ cause: 'location_inactive' });
      const [updated] = await auditOf(t.database.db, 'location_updated', w.noord.id).then((e) => e.slice(-1));
      expect(updated?.details).toMatchObject({
        changes: { active: { before: true, after: false } },
        affectedAppointments: 'reassign_anywhere',
        reassigned: [{ id: passport.id, fromDeskId: w.n1.id, toDeskId: moved.deskId }],
      });
      // With the one the test before left there.
      expect((updated?.details as { cancelled: number[] }).cancelled).toContain(licence.id);
      // Nothing of Noord is bookable now: no driving licences anywhere.
      expect(await daysFor(t, { appointmentItems: items(w.licence.id) })).toEqual([]);
      await patched(t, `/location/${w.noord.id}`, { active: true });
    });

    it('with keep deactivates it and the appointments stand', async () => {
      const date = WEEKDAYS[3]!;
      const [slot] = await slotsFor(t, { appointmentItems: items(w.licence.id), date });
      const booked = await bookAt(t, {
        appointmentItems: items(w.licence.id),
        fromDateTime: slot!.beginTime,
      });
      const res = await t.call('PATCH', `/api/location/${w.noord.id}`, t.admin, {
        active: false,
        affectedAppointments: 'keep',
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(await appointmentRow(t.database.db, booked.id)).toMatchObject({
        status: 'confirmed',
        deskId: w.n1.id,
      });
      // Reactivating strands nobody.
      await patched(t, `/location/${w.noord.id}`, { active: true });
    });
  });

  describe('DELETE /location/{id}', () => {
    it('refuses a location desks belong to with 409 location_in_use, even inactive ones', async () => {
      const l = await created<AdminLocation>(t, '/locations', { name: 'Met balie' });
      const desk = await created<{ id: number }>(t, '/desks', {
        name: 'Oud',
        locationId: l.id,
        active: false,
      });
      const res = await t.call('DELETE', `/api/location/${l.id}`, t.admin);
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe('location_in_use');
      expect((await t.call('GET', `/api/location/${l.id}`, t.admin)).statusCode).toBe(200);
      // Once the desk is elsewhere, the location can go.
      await patched(t, `/desk/${desk.id}`, { locationId: w.stadhuis.id });
      expect((await t.call('DELETE', `/api/location/${l.id}`, t.admin)).statusCode).toBe(204);
    });

    it('deletes a location without desks with its closures, audited; 404 after', async () => {
      const l = await created<AdminLocation>(t, '/locations', { name: 'Weg', street: 'Laan 1' });
      const closure = await created<GlobalClosure>(t, '/closures', {
        date: WEEKDAYS[5],
        type: 'whole_day',
        locationId: l.id,
      });
      expect(closure.locationId).toBe(l.id);
      const before = await version();
      expect((await t.call('DELETE', `/api/location/${l.id}`, t.admin)).statusCode).toBe(204);
      expect(await version()).toBeGreaterThan(before);
      expect(await t.database.db.select().from(closures).where(eq(closures.id, closure.id))).toEqual([]);
      expect((await t.call('GET', `/api/location/${l.id}`, t.admin)).statusCode).toBe(404);
      expect((await t.call('DELETE', `/api/location/${l.id}`, t.admin)).statusCode).toBe(404);
      const [event] = await auditOf(t.database.db, 'location_deleted', l.id);
      expect(event?.details).toMatchObject({ changes: { street: { before: 'Laan 1', after: null } } });
    });

    it('answers 400, 401 and 403', async () => {
      expect((await t.call('DELETE', '/api/location/x', t.admin)).statusCode).toBe(400);
      expect((await t.call('DELETE', `/api/location/${w.noord.id}`)).statusCode).toBe(401);
      expect((await t.call('DELETE', `/api/location/${w.noord.id}`, t.user)).statusCode).toBe(403);
    });
  });

  it('documents the location routes in /api/docs, with the 409s', async () => {
    const paths = (await t.call('GET', '/api/docs/json')).json<{
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    }>().paths;
    expect(paths['/api/locations']?.get?.responses).toHaveProperty('200');
    expect(paths['/api/locations']?.post?.responses).toHaveProperty('201');
    expect(JSON.stringify(paths['/api/location/{id}']?.patch?.responses['409'])).toContain(
      'appointments_affected',
    );
    expect(paths['/api/location/{id}']?.delete?.responses).toHaveProperty('409');
    expect(paths['/api/available-locations']?.post?.responses).toHaveProperty('200');
  });
});
