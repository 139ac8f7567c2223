import { beforeAll, describe, expect, it, vi } from 'vitest';
import { deskSchema, globalClosureSchema, type Desk } from '@balie/shared';
import { closures, deskOpeningHours, desks, overflowPeriods } from '../../db/schema/index.js';
import { testDatabases, useTestApp } from '../../test/index.js';
import { firstLocationId } from './repository.js';

const WEEKDAY_HOURS = [
  { opens: '08:30', closes: '12:30' },
  { opens: '13:00', closes: '17:00' },
];
const mondayToFriday = (weekday: number) => WEEKDAY_HOURS.map((h) => ({ weekday, ...h }));

describe.each(testDatabases)('desks on %s', (kind) => {
  const t = useTestApp(kind, { sessions: ['admin', 'user'] });

  async function listDesks(): Promise<Desk[]> {
    const res = await t.call('GET', '/api/desks', t.admin);
    expect(res.statusCode).toBe(200);
    return res.json<Desk[]>();
  }
  const byName = (list: Desk[], name: string) => {
    const desk = list.find((d) => d.name === name);
    if (!desk) throw new Error(`no desk ${name} in ${JSON.stringify(list.map((d) => d.name))}`);
    return desk;
  };

  describe('GET /api/desks', () => {
    it('returns the demo desks with their opening hours and their own closures', async () => {
      const list = await listDesks();
      // The tests below add desks, and may run first: the demo desks are the first two of the list.
      expect(list.slice(0, 2).map((d) => d.name)).toEqual(['Balie 1', 'Balie 2']);
      for (const desk of list) expect(deskSchema.strict().parse(desk)).toEqual(desk);

      const first = byName(list, 'Balie 1');
      expect(first).toMatchObject({
        label: 'B1',
        active: true,
        overflow: { morning: 0, afternoon: 0, evening: 0 },
        overflowPeriods: [],
      });
      expect(first.openingHours).toEqual([1, 2, 3, 4, 5].flatMap(mondayToFriday));
      // Only the desk's own closure: Christmas and New Year close every desk and come from /closures.
      expect(first.closures).toEqual([
        {
          id: expect.any(Number),
          date: expect.any(String),
          type: 'partial',
          from: '13:00',
          until: '15:00',
          reason: 'Teamoverleg',
        },
      ]);

      const second = byName(list, 'Balie 2');
      expect(second.label).toBe('B2');
      expect(second.closures).toEqual([]);
      // Thursday's evening hours sit after that day's other intervals: sorted by weekday, then opens.
      expect(second.openingHours.filter((h) => h.weekday === 4)).toEqual([
        ...mondayToFriday(4),
        { weekday: 4, opens: '18:00', closes: '20:00' },
      ]);
      expect(second.openingHours).toHaveLength(11);
    });

    it('answers a guest with 401 and a user with 403', async () => {
      const guest = await t.call('GET', '/api/desks');
      expect(guest.statusCode).toBe(401);
      expect(guest.json().code).toBe('unauthorized');
      const member = await t.call('GET', '/api/desks', t.user);
      expect(member.statusCode).toBe(403);
      expect(member.json().code).toBe('forbidden');
    });
  });

  describe('GET /api/desk/{id}', () => {
    it('returns the same document as the list', async () => {
      for (const desk of await listDesks()) {
        const res = await t.call('GET', `/api/desk/${desk.id}`, t.admin);
        expect(res.statusCode).toBe(200);
        expect(res.json()).toEqual(desk);
      }
    });

    it('answers 404 not_found for an unknown desk', async () => {
      const res = await t.call('GET', '/api/desk/999999', t.admin);
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('not_found');
    });

    it('answers 400 naming id for an id that is not a desk number', async () => {
      for (const id of ['abc', '1.5', '0', '-3', '99999999999']) {
        const res = await t.call('GET', `/api/desk/${id}`, t.admin);
        expect(res.statusCode, id).toBe(400);
        expect(res.json()).toMatchObject({ code: 'validation_failed', errors: [{ property: 'id' }] });
      }
    });

    it('answers a guest with 401 and a user with 403, before looking the desk up', async () => {
      const [first] = await listDesks();
      expect((await t.call('GET', `/api/desk/${first?.id}`)).statusCode).toBe(401);
      expect((await t.call('GET', `/api/desk/${first?.id}`, t.user)).statusCode).toBe(403);
      expect((await t.call('GET', '/api/desk/999999', t.user)).statusCode).toBe(403);
    });
  });

  describe('GET /api/closures', () => {
    it('returns the closures of every desk, by date, without the desks’ own', async () => {
      const res = await t.call('GET', '/api/closures', t.admin);
      expect(res.statusCode).toBe(200);
      const list = res.json<{ date: string; reason?: string }[]>();
      for (const closure of list) expect(globalClosureSchema.parse(closure)).toEqual(closure);
      expect(list.map((c) => c.reason).sort()).toEqual([
        'Eerste Kerstdag',
        'Nieuwjaarsdag',
        'Tweede Kerstdag',
      ]);
      expect(list).toContainEqual({
        id: expect.any(Number),
        date: expect.stringMatching(/^\d{4}-12-25$/),
        type: 'whole_day',
        reason: 'Eerste Kerstdag',
        locationId: null,
      });
      expect(list.map((c) => c.date)).toEqual(list.map((c) => c.date).sort());
    });

    it('answers a guest with 401 and a user with 403', async () => {
      expect((await t.call('GET', '/api/closures')).statusCode).toBe(401);
      expect((await t.call('GET', '/api/closures', t.user)).statusCode).toBe(403);
    });
  });

  describe('documents built from the tables', () => {
    let deskId: number;
    beforeAll(async () => {
      const db = t.database.db;
      const [row] = await db
        .insert(desks)
        .values({
          name: 'Balie 3',
          locationId: await firstLocationId(db),
          label: null,
          active: false,
          overflowMorning: 20,
          overflowEvening: 100,
        })
        .returning({ id: desks.id });
      if (!row) throw new Error('desk not created');
      deskId = row.id;
      // Inserted out of order on purpose: the document sorts them.
      await db.insert(deskOpeningHours).values([
        { deskId, weekday: 6, opens: '10:00', closes: '12:00' },
        { deskId, weekday: 2, opens: '13:00', closes: '24:00' },
        { deskId, weekday: 2, opens: '09:00', closes: '12:00' },
      ]);
      await db.insert(closures).values([
        { deskId, date: '2031-03-02', type: 'whole_day' },
        { deskId, date: '2031-03-01', type: 'partial', fromTime: '09:15', untilTime: '10:45' },
      ]);
      await db.insert(overflowPeriods).values([
        { deskId, fromDate: '2031-06-01', untilDate: '2031-06-30', morning: 50, afternoon: 25, evening: 0 },
        { deskId, fromDate: '2031-01-01', untilDate: '2031-01-31', morning: 10 },
      ]);
    });

    it('lists an inactive desk too, with its overflow, periods, hours and closures in order', async () => {
      const desk = byName(await listDesks(), 'Balie 3');
      expect(deskSchema.parse(desk)).toEqual(desk);
      expect(desk).toEqual({
        id: deskId,
        name: 'Balie 3',
        label: null,
        active: false,
        locationId: await firstLocationId(t.database.db),
        productIds: null,
        openingHours: [
          { weekday: 2, opens: '09:00', closes: '12:00' },
          { weekday: 2, opens: '13:00', closes: '24:00' },
          { weekday: 6, opens: '10:00', closes: '12:00' },
        ],
        closures: [
          { id: expect.any(Number), date: '2031-03-01', type: 'partial', from: '09:15', until: '10:45' },
          { id: expect.any(Number), date: '2031-03-02', type: 'whole_day' },
        ],
        overflow: { morning: 20, afternoon: 0, evening: 100 },
        overflowPeriods: [
          {
            id: expect.any(Number),
            from: '2031-01-01',
            until: '2031-01-31',
            morning: 10,
            afternoon: 0,
            evening: 0,
          },
          {
            id: expect.any(Number),
            from: '2031-06-01',
            until: '2031-06-30',
            morning: 50,
            afternoon: 25,
            evening: 0,
          },
        ],
      });
      expect((await t.call('GET', `/api/desk/${deskId}`, t.admin)).json()).toEqual(desk);
    });

    it('reads the list with as many queries as one desk, however many desks there are', async () => {
      const db = t.database.db;
      const locationId = await firstLocationId(db);
      const more = await db
        .insert(desks)
        .values(['Balie 4', 'Balie 5', 'Balie 6'].map((name) => ({ name, locationId })))
        .returning({ id: desks.id });
      await db
        .insert(deskOpeningHours)
        .values(more.flatMap((d) => mondayToFriday(1).map((h) => ({ deskId: d.id, ...h }))));

      // Both drivers send every statement through the client's (PGlite's or the pool's) query().
      const spy = vi.spyOn(t.database.client as { query: (...args: never[]) => unknown }, 'query');
      try {
        expect((await t.call('GET', `/api/desk/${deskId}`, t.admin)).statusCode).toBe(200);
        const forOne = spy.mock.calls.length;
        spy.mockClear();
        const list = await listDesks();
        expect(list).toHaveLength(6);
        expect(byName(list, 'Balie 5').openingHours).toEqual(mondayToFriday(1));
        expect(forOne).toBeGreaterThan(0);
        expect(spy.mock.calls.length).toBeLessThanOrEqual(forOne);
      } finally {
        spy.mockRestore();
      }
    });
  });

  it('documents the routes with the desk document in /api/docs', async () => {
    const res = await t.call('GET', '/api/docs/json');
    expect(res.statusCode).toBe(200);
    const paths = res.json<{
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    }>().paths;
    for (const path of ['/api/desks', '/api/desk/{id}', '/api/closures'])
      expect(paths[path]?.get?.responses, path).toHaveProperty('200');
    expect(JSON.stringify(paths['/api/desk/{id}']?.get?.responses['200'])).toContain('overflowPeriods');
  });
});
