import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { loginResponseSchema, organisationSchema, setupChecklistSchema, type Location } from '@balie/shared';
import { setupToken as setupTokenTable } from '../../db/schema/index.js';
import {
  freshClientAddress,
  login,
  loginAs,
  testDatabases,
  useTestApp,
  type Session,
} from '../../test/index.js';
import { availableDays } from '../booking/test-support/helpers.js';
import { auditOf } from '../desks/test-support/schedule.js';
import { prepareSetupToken, setupLinkLines } from './service.js';

/** Monday 11 March 2030, 10:00 in Amsterdam: the test booking is made on a day after it. */
const NOW = new Date('2030-03-11T09:00:00Z');
const ADMIN = { email: 'Beheer@Gemeente.example', password: 'Eerste-Beheer1' };

describe.each(testDatabases)('first run (DESIGN §4b) on %s', (kind) => {
  // A story in steps, in this order: an empty database needs setup, refuses a wrong token, is set up once,
  // then ticks its checklist. Shuffling would test a database that cannot exist (set up before it is empty).
  describe('an empty database', { shuffle: false }, () => {
    const t = useTestApp(kind, { seed: false, now: NOW });
    let token: string;
    beforeAll(async () => {
      token = (await prepareSetupToken(t.database.db, t.config))!;
    });

    const setup = (payload: object, headers: Record<string, string> = {}) =>
      t.app.inject({ method: 'POST', url: '/api/setup', payload, headers });
    const needed = async () => (await t.app.inject({ url: '/api/setup' })).json().needed;
    const checklist = async (s?: Session) =>
      t.app.inject({ url: '/api/setup/checklist', headers: s?.headers ?? {} });
    const doneItems = async (s: Session) =>
      setupChecklistSchema
        .parse((await checklist(s)).json())
        .items.filter((i) => i.done)
        .map((i) => i.key);

    it('needs setup, and every process sharing the secret prints the same link; the database keeps a hash', async () => {
      expect(await needed()).toBe(true);
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(await prepareSetupToken(t.database.db, t.config)).toBe(token);
      expect(setupLinkLines(t.config.publicUrl, token)[1]).toBe(`  http://balie.test/setup/${token}`);
      const rows = await t.database.db.select().from(setupTokenTable);
      expect(rows).toHaveLength(1);
      expect(JSON.stringify(rows)).not.toContain(token);
    });

    it('SETUP_TOKEN chooses the token, and a start without it goes back to a generated one', async () => {
      const chosen = 'chosen-by-the-operator-0123';
      expect(await prepareSetupToken(t.database.db, { ...t.config, setupToken: chosen })).toBe(chosen);
      expect(JSON.stringify(await t.database.db.select().from(setupTokenTable))).not.toContain(chosen);
      expect((await setup({ token, ...ADMIN, organisationName: 'X' })).statusCode).toBe(403);
      const generated = await prepareSetupToken(t.database.db, t.config);
      expect(generated).not.toBe(chosen);
      expect((await setup({ token: chosen, ...ADMIN, organisationName: 'X' })).statusCode).toBe(403);
      token = generated!;
    });

    it('refuses a wrong token with 403 invalid_setup_token and makes nothing', async () => {
      const res = await setup({ token: `${token}x`, ...ADMIN, organisationName: 'Gemeente Nieuwdorp' });
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('invalid_setup_token');
      expect(await needed()).toBe(true);
      await expect(login(t.app, ADMIN.email, ADMIN.password)).rejects.toThrow(/401/);
    });

    it.each([
      [{ password: 'zwak' }, 'password', 'password_min_size'],
      [{ email: 'geen-adres' }, 'email', 'invalid_email'],
      [{ organisationName: '' }, 'organisationName', 'required'],
      [{ token: undefined }, 'token', 'required'],
    ])('answers 400 for %j naming %s', async (change, property, message) => {
      const res = await setup({ token, ...ADMIN, organisationName: 'Gemeente Nieuwdorp', ...change });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toContainEqual({ property, message });
    });

    const register = (email: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/register',
        payload: { email, password: 'Bezoeker-1234', firstName: 'Eerste', lastName: 'Bezoeker' },
        remoteAddress: freshClientAddress(),
      });

    it('keeps registration closed until the first admin exists: 403 registration_closed, and says so', async () => {
      // Before setup nobody can look after accounts, and the first would-be admin's address could be taken.
      const res = await register('vroeg@example.org');
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('registration_closed');
      await expect(login(t.app, 'vroeg@example.org', 'Bezoeker-1234')).rejects.toThrow(/401/);
      const organisation = organisationSchema.parse(
        (await t.app.inject({ url: '/api/organisation' })).json(),
      );
      expect(organisation.registrationOpen).toBe(false);
      expect(await needed()).toBe(true);
    });

    it('the checklist is for admins only', async () => {
      expect((await checklist()).statusCode).toBe(401);
    });

    it('with the right token makes the admin and the organisation, signed in at once; the link then works no more', async () => {
      const res = await setup(
        { token, ...ADMIN, organisationName: '  Gemeente Nieuwdorp ' },
        { 'accept-language': 'en-GB,en;q=0.9' },
      );
      expect(res.statusCode, res.body).toBe(201);
      const body = loginResponseSchema.parse(res.json());
      expect(body.user).toMatchObject({
        email: 'beheer@gemeente.example',
        roles: ['ROLE_USER', 'ROLE_ADMIN'],
      });
      expect(body.user.language?.code).toBe('en-GB');
      // The answer's token is a session: the admin's own screens open with it.
      const me = await t.app.inject({
        url: '/api/users',
        headers: { authorization: `Bearer ${body.token}` },
      });
      expect(me.statusCode).toBe(200);
      const organisation = organisationSchema.parse(
        (await t.app.inject({ url: '/api/organisation' })).json(),
      );
      expect(organisation).toMatchObject({
        name: 'Gemeente Nieuwdorp',
        registrationOpen: true,
        registerFields: [],
      });
      expect(await needed()).toBe(false);
      // Set up: registration is open as the organisation has it.
      expect((await register('na-setup@example.org')).statusCode).toBe(201);
      const [event] = await auditOf(t.database.db, 'setup_completed', 1);
      expect(event).toMatchObject({
        actorUserId: body.user.id,
        details: { organisationName: 'Gemeente Nieuwdorp' },
      });

      // A second setup, with the same link or any other: 409, and the first admin stays the only one.
      const again = await setup({
        token,
        email: 'tweede@example.org',
        password: 'Tweede-1234',
        organisationName: 'Y',
      });
      expect(again.statusCode).toBe(409);
      expect(again.json().code).toBe('already_set_up');
      expect((await setup({ token: 'wrong', ...ADMIN, organisationName: 'Y' })).statusCode).toBe(409);
      await expect(login(t.app, 'tweede@example.org', 'Tweede-1234')).rejects.toThrow(/401/);
      // Restarts print no link any more.
      expect(await prepareSetupToken(t.database.db, t.config)).toBeNull();
      expect(await t.database.db.select().from(setupTokenTable)).toEqual([]);
    });

    it('ticks the checklist as the organisation, a desk with hours, a product and a test booking are made', async () => {
      const admin = await login(t.app, ADMIN.email, ADMIN.password);
      const call = (method: 'POST' | 'PATCH', url: string, payload: object) =>
        t.app.inject({ method, url, payload, headers: admin.headers });
      expect(await doneItems(admin)).toEqual([]);

      // The name alone is not the details: the address and a way to reach the office are.
      expect(
        (await call('PATCH', '/api/organisation', { street: 'Dorpsstraat 1', city: 'Nieuwdorp' })).statusCode,
      ).toBe(200);
      expect(await doneItems(admin)).toEqual([]);
      await call('PATCH', '/api/organisation', { postcode: '9999 ZZ', phone: '14 0999' });
      expect(await doneItems(admin)).toEqual(['organisation']);

      // The one location setup named after the organisation needs its address: visitors go there.
      const [location] = (await t.app.inject({ url: '/api/locations' })).json<Location[]>();
      expect(location).toMatchObject({ name: 'Gemeente Nieuwdorp', street: '', city: '' });
      // The checklist's item opens that location's page.
      expect(
        setupChecklistSchema.parse((await checklist(admin)).json()).items.find((i) => i.key === 'location'),
      ).toEqual({ key: 'location', done: false, locationId: location!.id });
      const addressed = await call('PATCH', `/api/location/${location!.id}`, {
        street: 'Dorpsstraat 1',
        postcode: '9999 ZZ',
        city: 'Nieuwdorp',
      });
      expect(addressed.statusCode, addressed.body).toBe(200);
      expect(await doneItems(admin)).toEqual(['organisation', 'location']);
      // A second location without an address opens the item again; an inactive one does not count.
      const second = await call('POST', '/api/locations', { name: 'Wijkpost' });
      expect(second.statusCode, second.body).toBe(201);
      expect(await doneItems(admin)).toEqual(['organisation']);
      await call('PATCH', `/api/location/${second.json().id}`, { active: false });
      expect(await doneItems(admin)).toEqual(['organisation', 'location']);

      // A desk without opening hours cannot be booked: not yet.
      const desk = await call('POST', '/api/desks', { name: 'Balie A', openingHours: [] });
      expect(desk.statusCode, desk.body).toBe(201);
      expect(await doneItems(admin)).toEqual(['organisation', 'location']);
      const hours = [1, 2, 3, 4, 5].map((weekday) => ({ weekday, opens: '09:00', closes: '12:00' }));
      const opened = await call('PATCH', `/api/desk/${desk.json().id}`, { openingHours: hours });
      expect(opened.statusCode, opened.body).toBe(200);
      expect(await doneItems(admin)).toEqual(['organisation', 'location', 'desk']);

      const product = await call('POST', '/api/products', {
        title: 'Paspoort',
        timeUnit: 12,
        extraTimeUnit: 6,
      });
      expect(product.statusCode, product.body).toBe(201);
      expect(await doneItems(admin)).toEqual(['organisation', 'location', 'desk', 'product']);

      const items = [{ productId: product.json().id, amount: 1 }];
      const [day] = await availableDays(t.app, { appointmentItems: items });
      const slots = await t.app.inject({
        method: 'POST',
        url: '/api/timeslots',
        payload: { appointmentItems: items, date: day },
      });
      const hold = await t.app.inject({
        method: 'POST',
        url: '/api/appointment/make-reservation',
        payload: { appointmentItems: items, fromDateTime: slots.json()[0].beginTime },
      });
      // A hold is not a booking yet.
      expect(await doneItems(admin)).toEqual(['organisation', 'location', 'desk', 'product']);
      const booked = await t.app.inject({
        method: 'POST',
        url: '/api/appointment',
        payload: {
          reservationId: hold.json().id,
          lastName: 'Test',
          email: 'test@example.org',
          phone: '0612345678',
        },
      });
      expect(booked.statusCode, booked.body).toBe(201);
      expect(setupChecklistSchema.parse((await checklist(admin)).json()).items).toEqual([
        { key: 'organisation', done: true },
        // The second location is inactive: the item opens the one the visitors go to.
        { key: 'location', done: true, locationId: location!.id },
        { key: 'desk', done: true },
        { key: 'product', done: true },
        { key: 'booking', done: true },
      ]);
      // Deleting the test booking afterwards does not bring the checklist back.
      const deleted = await t.app.inject({
        method: 'DELETE',
        url: `/api/appointment/${booked.json().id}`,
        headers: admin.headers,
      });
      expect(deleted.statusCode, deleted.body).toBeLessThan(300);
      expect(await doneItems(admin)).toEqual(['organisation', 'location', 'desk', 'product', 'booking']);

      // A user (the public register page) does not see it.
      const user = await t.app.inject({
        method: 'POST',
        url: '/api/register',
        payload: { email: 'burger@example.org', password: 'Burger-1234' },
      });
      expect(
        (await checklist({ headers: { authorization: `Bearer ${user.json().token}` } } as Session))
          .statusCode,
      ).toBe(403);
    });
  });

  describe('a database with demo data', () => {
    const t = useTestApp(kind);
    afterEach(() => vi.restoreAllMocks());

    it('needs no setup: no link, and POST /setup answers 409', async () => {
      expect((await t.app.inject({ url: '/api/setup' })).json()).toEqual({ needed: false });
      expect(await prepareSetupToken(t.database.db, t.config)).toBeNull();
      expect(
        await prepareSetupToken(t.database.db, { ...t.config, setupToken: 'chosen-by-the-operator-0123' }),
      ).toBeNull();
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/setup',
        payload: { token: 'chosen-by-the-operator-0123', ...ADMIN, organisationName: 'X' },
      });
      expect(res.statusCode).toBe(409);
    });

    it('shows the demo admin what is left: only the test booking', async () => {
      const admin = await loginAs(t.app, 'admin');
      const res = await t.app.inject({ url: '/api/setup/checklist', headers: admin.headers });
      expect(res.json()).toEqual({
        items: [
          { key: 'organisation', done: true },
          { key: 'location', done: true },
          { key: 'desk', done: true },
          { key: 'product', done: true },
          { key: 'booking', done: false },
        ],
      });
    });
  });
});

/** Setup asks the office's address (issue 34 item 12): it goes to the organisation and its first location. */
describe.each(testDatabases)('setup with the address on %s', (kind) => {
  const t = useTestApp(kind, { seed: false, now: NOW });

  it('fills in the organisation and its first location, and the checklist opens that location', async () => {
    const token = (await prepareSetupToken(t.database.db, t.config))!;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/setup',
      payload: {
        token,
        ...ADMIN,
        organisationName: 'Gemeente Nieuwdorp',
        street: ' Dorpsstraat 1 ',
        postcode: '9999 ZZ',
        city: 'Nieuwdorp',
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const organisation = organisationSchema.parse((await t.app.inject({ url: '/api/organisation' })).json());
    expect(organisation).toMatchObject({
      name: 'Gemeente Nieuwdorp',
      street: 'Dorpsstraat 1',
      postcode: '9999 ZZ',
      city: 'Nieuwdorp',
    });
    const locations = (await t.app.inject({ url: '/api/locations' })).json<Location[]>();
    expect(locations).toHaveLength(1);
    expect(locations[0]).toMatchObject({
      name: 'Gemeente Nieuwdorp',
      street: 'Dorpsstraat 1',
      postcode: '9999 ZZ',
      city: 'Nieuwdorp',
    });
    const admin = await login(t.app, ADMIN.email, ADMIN.password);
    const items = setupChecklistSchema.parse(
      (await t.app.inject({ url: '/api/setup/checklist', headers: admin.headers })).json(),
    ).items;
    // The location has its address already; a phone or e-mail is what the organisation still lacks.
    expect(items.find((i) => i.key === 'location')).toEqual({
      key: 'location',
      done: true,
      locationId: locations[0]!.id,
    });
    expect(items.find((i) => i.key === 'organisation')?.done).toBe(false);
  });

  it('refuses an address longer than the organisation keeps, naming the field', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/setup',
      payload: { token: 'any-token-0123456789', ...ADMIN, organisationName: 'X', postcode: '1'.repeat(21) },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toContainEqual({ property: 'postcode', message: 'too_long' });
  });
});

/** Two setups with the right link at once: exactly one admin (only PostgreSQL runs them truly at once). */
describe.each(testDatabases)('two setups at once on %s', (kind) => {
  const t = useTestApp(kind, { seed: false });

  it('one makes the admin, the other answers 409', async () => {
    const token = (await prepareSetupToken(t.database.db, t.config))!;
    const answers = await Promise.all(
      ['een', 'twee'].map((who) =>
        t.app.inject({
          method: 'POST',
          url: '/api/setup',
          payload: { token, email: `${who}@example.org`, password: 'Gelijk-1234', organisationName: who },
        }),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
    const winner = answers.find((a) => a.statusCode === 201)!.json().user.email;
    const users = await t.app.inject({
      url: '/api/users',
      headers: (await login(t.app, winner, 'Gelijk-1234')).headers,
    });
    expect(users.json().map((u: { email: string }) => u.email)).toEqual([winner]);
  });
});
