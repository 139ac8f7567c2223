import { randomUUID } from 'node:crypto';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { deskSchema, type Appointment, type Desk } from '@balie/shared';
import { appointments, closures, scheduleState } from '../../db/schema/index.js';
import { testDatabases, useTestApp } from '../../test/index.js';
import { availableDays, slotsOn } from '../booking/test-support/helpers.js';
import { appointmentRow, auditOf, book, mailsOf } from './test-support/schedule.js';

const HOURS = [
  { weekday: 1, opens: '09:00', closes: '12:00' },
  { weekday: 1, opens: '13:00', closes: '17:00' },
];

describe.each(testDatabases)('desk and closure writes on %s', (kind) => {
  const t = useTestApp(kind, { sessions: ['admin', 'user'] });
  /** Weekdays with free slots; each test takes its own so closures never meet. */
  let days: string[];
  beforeAll(async () => {
    days = await availableDays(t.app);
  });

  const getDesk = async (id: number) => (await t.call('GET', `/api/desk/${id}`, t.admin)).json<Desk>();
  /** Desks a test made: afterwards they take no bookings, so the next test meets desks 1 and 2 only. */
  const made: number[] = [];
  const createDesk = async (body: Record<string, unknown>) => {
    const res = await t.call('POST', '/api/desks', t.admin, body);
    expect(res.statusCode, res.body).toBe(201);
    made.push(res.json<Desk>().id);
    return res.json<Desk>();
  };
  afterEach(async () => {
    // Without this, which desks can take a booking or a reassignment depended on the tests run before.
    for (const id of made.splice(0))
      await t.call('PATCH', `/api/desk/${id}`, t.admin, { active: false, affectedAppointments: 'keep' });
  });

  describe('POST /api/desks', () => {
    it('creates a desk with its hours, closures and overflow, and audits it', async () => {
      const desk = await createDesk({
        name: '  Balie 9 ',
        label: 'B9',
        openingHours: HOURS,
        closures: [
          { date: '2031-05-05', type: 'partial', from: '09:00', until: '10:00', reason: 'Training' },
        ],
        overflow: { morning: 10, afternoon: 20, evening: 30 },
        overflowPeriods: [{ from: '2031-06-01', until: '2031-06-30', morning: 50, afternoon: 0, evening: 0 }],
      });
      expect(deskSchema.strict().parse(desk)).toEqual(desk);
      expect(desk).toMatchObject({
        name: 'Balie 9',
        label: 'B9',
        active: true,
        openingHours: HOURS,
        closures: [
          { date: '2031-05-05', type: 'partial', from: '09:00', until: '10:00', reason: 'Training' },
        ],
        overflow: { morning: 10, afternoon: 20, evening: 30 },
        overflowPeriods: [{ from: '2031-06-01', until: '2031-06-30', morning: 50, afternoon: 0, evening: 0 }],
      });
      expect(await getDesk(desk.id)).toEqual(desk);
      const [event] = await auditOf(t.database.db, 'desk_created', desk.id);
      expect(event?.actorUserId).toBe(t.admin.userId);
      expect(event?.details).toMatchObject({ changes: { name: { before: null, after: 'Balie 9' } } });
    });

    it('starts a desk with only a name closed, without overflow', async () => {
      const desk = await createDesk({ name: 'Balie leeg' });
      expect(desk).toMatchObject({
        label: null,
        active: true,
        openingHours: [],
        closures: [],
        overflow: { morning: 0, afternoon: 0, evening: 0 },
        overflowPeriods: [],
      });
    });

    it.each([
      [{}, 'name', 'required'],
      [{ name: '   ' }, 'name', 'required'],
      [{ name: 'Balie\u0007' }, 'name', 'invalid_characters'],
      [{ name: 'x'.repeat(101) }, 'name', 'too_long'],
      [{ name: 'B', label: 'x'.repeat(21) }, 'label', 'too_long'],
      [{ name: 'B', colour: 'blue' }, 'body', 'unknown_property'],
      [
        { name: 'B', openingHours: [{ weekday: 8, opens: '09:00', closes: '10:00' }] },
        'openingHours.0.weekday',
        'invalid_weekday',
      ],
      [
        { name: 'B', openingHours: [{ weekday: 1, opens: '9:00', closes: '10:00' }] },
        'openingHours.0.opens',
        'invalid_time',
      ],
      [
        { name: 'B', openingHours: [{ weekday: 1, opens: '09:00:30', closes: '10:00' }] },
        'openingHours.0.opens',
        'invalid_time',
      ],
      [
        { name: 'B', openingHours: [{ weekday: 1, opens: '10:00', closes: '09:00' }] },
        'openingHours.0.closes',
        'closes_before_opens',
      ],
      [
        { name: 'B', openingHours: [...HOURS, { weekday: 1, opens: '11:30', closes: '13:30' }] },
        'openingHours.2.opens',
        'overlaps',
      ],
      [
        { name: 'B', overflow: { morning: 101, afternoon: 0, evening: 0 } },
        'overflow.morning',
        'invalid_percentage',
      ],
      [{ name: 'B', overflow: { morning: 0, afternoon: 0 } }, 'overflow.evening', 'required'],
      [
        {
          name: 'B',
          overflowPeriods: [
            { from: '2031-02-02', until: '2031-02-01', morning: 0, afternoon: 0, evening: 0 },
          ],
        },
        'overflowPeriods.0.until',
        'until_before_from',
      ],
      [
        {
          name: 'B',
          overflowPeriods: [
            { from: '2031-02-01', until: '2031-02-10', morning: 0, afternoon: 0, evening: 0 },
            { from: '2031-02-10', until: '2031-02-12', morning: 5, afternoon: 0, evening: 0 },
          ],
        },
        'overflowPeriods.1.from',
        'overlaps',
      ],
      [
        { name: 'B', closures: [{ date: '2031-02-30', type: 'whole_day' }] },
        'closures.0.date',
        'invalid_date',
      ],
      [
        { name: 'B', closures: [{ date: '2031-02-03', type: 'partial', from: '10:00' }] },
        'closures.0.until',
        'required',
      ],
      [
        { name: 'B', closures: [{ date: '2031-02-03', type: 'partial', from: '10:00', until: '09:00' }] },
        'closures.0.until',
        'until_before_from',
      ],
      [
        { name: 'B', closures: [{ date: '2031-02-03', type: 'whole_day', from: '10:00' }] },
        'closures.0.from',
        'whole_day_has_no_times',
      ],
      [
        { name: 'B', closures: [{ date: '2031-02-03', type: 'whole_day', reason: 'a\nb' }] },
        'closures.0.reason',
        'invalid_characters',
      ],
    ])('answers 400 for %j naming %s', async (body, property, message) => {
      const res = await t.call('POST', '/api/desks', t.admin, body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ code: 'validation_failed' });
      expect(res.json().errors).toContainEqual({ property, message });
    });

    it('answers a guest with 401 and a user with 403', async () => {
      expect((await t.call('POST', '/api/desks', undefined, { name: 'X' })).statusCode).toBe(401);
      expect((await t.call('POST', '/api/desks', t.user, { name: 'X' })).statusCode).toBe(403);
    });
  });

  describe('PATCH /api/desk/{id}', () => {
    it('changes the fields it names and replaces the arrays it names, auditing before and after', async () => {
      const desk = await createDesk({
        name: 'Balie P',
        openingHours: HOURS,
        closures: [{ date: '2031-05-05', type: 'whole_day' }],
      });
      const res = await t.call('PATCH', `/api/desk/${desk.id}`, t.admin, {
        label: 'BP',
        overflow: { morning: 5, afternoon: 0, evening: 0 },
        closures: [],
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({
        ...desk,
        label: 'BP',
        overflow: { morning: 5, afternoon: 0, evening: 0 },
        closures: [],
      });
      const [event] = await auditOf(t.database.db, 'desk_updated', desk.id);
      expect(event?.details).toEqual({
        changes: {
          label: { before: null, after: 'BP' },
          overflow: {
            before: { morning: 0, afternoon: 0, evening: 0 },
            after: { morning: 5, afternoon: 0, evening: 0 },
          },
          closures: { before: [{ date: '2031-05-05', type: 'whole_day' }], after: [] },
        },
      });
      // '' and null both clear the label.
      const cleared = await t.call('PATCH', `/api/desk/${desk.id}`, t.admin, { label: '' });
      expect(cleared.json().label).toBeNull();
    });

    it('answers 404 for an unknown desk, 400 naming the field for bad input, 401/403 for others', async () => {
      expect((await t.call('PATCH', '/api/desk/999999', t.admin, { name: 'X' })).statusCode).toBe(404);
      const bad = await t.call('PATCH', '/api/desk/1', t.admin, { affectedAppointments: 'drop' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().errors).toContainEqual({
        property: 'affectedAppointments',
        message: 'invalid_value',
      });
      const id = await t.call('PATCH', '/api/desk/abc', t.admin, { name: 'X' });
      expect(id.json()).toMatchObject({ code: 'validation_failed', errors: [{ property: 'id' }] });
      expect((await t.call('PATCH', '/api/desk/1', undefined, { name: 'X' })).statusCode).toBe(401);
      expect((await t.call('PATCH', '/api/desk/1', t.user, { name: 'X' })).statusCode).toBe(403);
    });
  });

  describe('appointments a change would strand', () => {
    it('answers 409 appointments_affected listing them, and changes nothing', async () => {
      const date = days[3]!;
      const booked = await book(t.app, date, 0);
      expect(booked.desk.id).toBe(1);
      const before = await getDesk(1);
      const res = await t.call('PATCH', '/api/desk/1', t.admin, {
        closures: [...before.closures, { date, type: 'whole_day', reason: 'Verbouwing' }],
      });
      expect(res.statusCode, res.body).toBe(409);
      const body = res.json<{ code: string; message: string; appointments: Appointment[] }>();
      expect(body.code).toBe('appointments_affected');
      expect(body.message).toEqual(expect.any(String));
      expect(body.appointments).toEqual([
        expect.objectContaining({
          id: booked.id,
          status: 'confirmed',
          desk: { id: 1, name: 'Balie 1', label: 'B1' },
        }),
      ]);
      expect(await getDesk(1)).toEqual(before);
      expect((await slotsOn(t.app, date)).length).toBeGreaterThan(0);
    });

    it('with keep applies the change and the appointment stands', async () => {
      const date = days[4]!;
      const booked = await book(t.app, date, 0);
      const before = await getDesk(1);
      const closure = { date, type: 'partial', from: '08:00', until: '12:30', reason: 'Verbouwing' };
      const res = await t.call('PATCH', '/api/desk/1', t.admin, {
        closures: [...before.closures, closure],
        affectedAppointments: 'keep',
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<Desk>().closures).toContainEqual({ id: expect.any(Number), ...closure });
      const row = await appointmentRow(t.database.db, booked.id);
      expect(row).toMatchObject({ status: 'confirmed', deskId: 1 });
      expect((await mailsOf(t.database.db, t.config, booked.id)).map((m) => m.kind)).toEqual([
        'appointment-confirmation',
      ]);
      // Desk 1's morning is closed now: every morning slot of that date is on desk 2.
      for (const slot of await slotsOn(t.app, date))
        if (slot.beginTime < `${date}T12:30`) expect(slot.desk.id).toBe(2);
      const [event] = await auditOf(t.database.db, 'desk_updated', 1).then((e) => e.slice(-1));
      expect(event?.details).toMatchObject({ affectedAppointments: 'keep', kept: [booked.id] });
      // Kept is decided: a later change that strands nobody new does not ask about it again.
      const later = await t.call('PATCH', '/api/desk/1', t.admin, {
        closures: [...res.json<Desk>().closures, { date: '2031-01-02', type: 'whole_day' }],
      });
      expect(later.statusCode, later.body).toBe(200);
    });

    // Balie 2 is in another location (Stadswinkel Noord): only reassign_anywhere goes there (decision 0422).
    it('with reassign_anywhere moves it to another desk free at the same time and mails the visitor', async () => {
      const date = days[5]!;
      const booked = await book(t.app, date, 0, { language: 'en' });
      expect(booked.desk.id).toBe(1);
      const before = await getDesk(1);
      const res = await t.call('PATCH', '/api/desk/1', t.admin, {
        closures: [...before.closures, { date, type: 'whole_day' }],
        affectedAppointments: 'reassign_anywhere',
      });
      expect(res.statusCode, res.body).toBe(200);
      const row = await appointmentRow(t.database.db, booked.id);
      expect(row).toMatchObject({ status: 'confirmed', deskId: 2 });
      expect(row.during.from.toISOString()).toBe(new Date(booked.fromDateTime).toISOString());
      const mails = await mailsOf(t.database.db, t.config, booked.id);
      expect(mails.map((m) => m.kind)).toEqual(['appointment-confirmation', 'appointment-change']);
      expect(mails[1]!.mail?.text).toContain('Desk: Balie 2');
      const [event] = await auditOf(t.database.db, 'appointment_reassigned', booked.id);
      expect(event?.details).toMatchObject({ changes: { deskId: { before: 1, after: 2 } } });
    });

    it('with reassign cancels one no desk can take, mailing an apology, the reason and a rebooking link', async () => {
      const date = days[6]!;
      const booked = await book(t.app, date, 0, { language: 'de' });
      expect(booked.desk.id).toBe(1);
      // Desk 2 is closed that day first (nothing of it is booked), so nobody can take the appointment.
      const second = await getDesk(2);
      const closeSecond = await t.call('PATCH', '/api/desk/2', t.admin, {
        closures: [...second.closures, { date, type: 'whole_day' }],
      });
      expect(closeSecond.statusCode, closeSecond.body).toBe(200);
      const first = await getDesk(1);
      const res = await t.call('PATCH', '/api/desk/1', t.admin, {
        closures: [...first.closures, { date, type: 'whole_day', reason: 'Stroomstoring' }],
        affectedAppointments: 'reassign',
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(await appointmentRow(t.database.db, booked.id)).toMatchObject({
        status: 'cancelled',
        deskId: 1,
      });
      const mails = await mailsOf(t.database.db, t.config, booked.id);
      expect(mails.map((m) => m.kind)).toEqual([
        'appointment-confirmation',
        'appointment-schedule-cancellation',
      ]);
      const mail = mails[1]!.mail!;
      expect(mail.language).toBe('de');
      expect(mail.subject).toContain('kann leider nicht stattfinden');
      expect(mail.text).toContain('Es tut uns leid');
      expect(mail.text).toContain('Grund: Der Schalter ist zu dieser Zeit geschlossen. (Stroomstoring)');
      expect(mail.text).toContain('http://balie.test/new?items=1x1');
      expect(mail.text).not.toContain('/edit-appointment/');
      expect(mail.attachments?.[0]?.method).toBe('CANCEL');
      const [event] = await auditOf(t.database.db, 'appointment_cancelled', booked.id);
      expect(event?.details).toMatchObject({ cause: 'closure' });
    });

    it("reassigns only within the other desk's overflow quota", async () => {
      const date = days[14]!;
      const booked = await book(t.app, date, 0);
      expect(booked.desk.id).toBe(1);
      // Desk 2 holds back its whole morning that day: the appointment cannot move there.
      const second = await getDesk(2);
      const period = { from: date, until: date, morning: 100, afternoon: 0, evening: 0 };
      const held = await t.call('PATCH', '/api/desk/2', t.admin, {
        overflowPeriods: [...second.overflowPeriods, period],
      });
      expect(held.statusCode, held.body).toBe(200);
      expect(held.json<Desk>().overflowPeriods).toContainEqual({ id: expect.any(Number), ...period });
      const first = await getDesk(1);
      const res = await t.call('PATCH', '/api/desk/1', t.admin, {
        closures: [...first.closures, { date, type: 'whole_day' }],
        affectedAppointments: 'reassign_anywhere',
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(await appointmentRow(t.database.db, booked.id)).toMatchObject({ status: 'cancelled' });
    });

    it('counts a change of opening hours and a deactivation as stranding too', async () => {
      const date = days[7]!;
      const booked = await book(t.app, date, 0);
      expect(booked.desk.id).toBe(1);
      const hours = await t.call('PATCH', '/api/desk/1', t.admin, { openingHours: [] });
      expect(hours.statusCode).toBe(409);
      expect(hours.json().appointments.map((a: Appointment) => a.id)).toContain(booked.id);
      const inactive = await t.call('PATCH', '/api/desk/1', t.admin, { active: false });
      expect(inactive.statusCode).toBe(409);
      expect(inactive.json().appointments.map((a: Appointment) => a.id)).toContain(booked.id);
      // Moving the afternoon by an hour strands nobody booked in the morning.
      const desk = await getDesk(1);
      const later = desk.openingHours.map((h) => (h.opens === '13:00' ? { ...h, opens: '14:00' } : h));
      const res = await t.call('PATCH', '/api/desk/1', t.admin, { openingHours: later });
      expect(res.statusCode, res.body).toBe(200);
      await t.call('PATCH', '/api/desk/1', t.admin, { openingHours: desk.openingHours });
    });

    it('releases holds in what closes, whatever the decision', async () => {
      const date = days[8]!;
      const slots = await slotsOn(t.app, date);
      const hold = await t.app.inject({
        method: 'POST',
        url: '/api/appointment/make-reservation',
        payload: { appointmentItems: [{ productId: 1, amount: 1 }], fromDateTime: slots[0]!.beginTime },
      });
      expect(hold.json().desk.id).toBe(1);
      const desk = await getDesk(1);
      const res = await t.call('PATCH', '/api/desk/1', t.admin, {
        closures: [...desk.closures, { date, type: 'whole_day' }],
      });
      expect(res.statusCode, res.body).toBe(200);
      const confirm = await t.app.inject({
        method: 'POST',
        url: '/api/appointment',
        payload: {
          reservationId: hold.json().id,
          lastName: 'Jansen',
          email: 'a@example.org',
          phone: '0612345678',
        },
      });
      expect(confirm.statusCode).toBe(410);
    });
  });

  describe('closures of every desk', () => {
    it('POST /closures closes the day for booking, and DELETE /closure/{id} opens it again', async () => {
      const date = days[9]!;
      const res = await t.call('POST', '/api/closures', t.admin, {
        date,
        type: 'whole_day',
        reason: 'Koningsdag',
      });
      expect(res.statusCode, res.body).toBe(201);
      const closure = res.json();
      expect(closure).toEqual({
        id: expect.any(Number),
        date,
        type: 'whole_day',
        reason: 'Koningsdag',
        locationId: null,
      });
      expect(await availableDays(t.app)).not.toContain(date);
      expect(await slotsOn(t.app, date)).toEqual([]);
      expect((await t.call('GET', '/api/closures', t.admin)).json()).toContainEqual(closure);
      const [created] = await auditOf(t.database.db, 'closure_created', closure.id);
      expect(created?.details).toMatchObject({ changes: { date: { before: null, after: date } } });

      const removed = await t.call('DELETE', `/api/closure/${closure.id}`, t.admin);
      expect(removed.statusCode).toBe(204);
      expect(await availableDays(t.app)).toContain(date);
      expect((await t.call('DELETE', `/api/closure/${closure.id}`, t.admin)).statusCode).toBe(404);
      // A desk's own closure changes with its desk document, not here.
      const own = (await getDesk(1)).closures[0]!;
      expect((await t.call('DELETE', `/api/closure/${own.id}`, t.admin)).statusCode).toBe(404);
      expect((await getDesk(1)).closures[0]).toEqual(own);
      expect(await auditOf(t.database.db, 'closure_deleted', closure.id)).toHaveLength(1);
    });

    it('a partial closure takes exactly its slots away, on every desk', async () => {
      const date = days[10]!;
      const before = await slotsOn(t.app, date);
      const res = await t.call('POST', '/api/closures', t.admin, {
        date,
        type: 'partial',
        from: '10:00',
        until: '11:00',
      });
      expect(res.statusCode, res.body).toBe(201);
      const after = await slotsOn(t.app, date);
      const time = (iso: string) => iso.slice(11, 16);
      // A 12-minute slot survives when it ends by 10:00 or starts at 11:00 or later.
      expect(after.map((s) => s.beginTime)).toEqual(
        before
          .filter((s) => time(s.endTime) <= '10:00' || time(s.beginTime) >= '11:00')
          .map((s) => s.beginTime),
      );
      const hold = await t.app.inject({
        method: 'POST',
        url: '/api/appointment/make-reservation',
        payload: {
          appointmentItems: [{ productId: 1, amount: 1 }],
          fromDateTime: before.find((s) => time(s.beginTime) >= '10:00' && time(s.beginTime) < '11:00')!
            .beginTime,
        },
      });
      expect(hold.statusCode).toBe(409);
    });

    it('strands appointments on every desk: 409 without a decision, cancelled with reassign', async () => {
      const date = days[11]!;
      const first = await book(t.app, date, 0);
      const res = await t.call('POST', '/api/closures', t.admin, { date, type: 'whole_day' });
      expect(res.statusCode).toBe(409);
      expect(res.json().appointments.map((a: Appointment) => a.id)).toEqual([first.id]);
      const reassigned = await t.call('POST', '/api/closures', t.admin, {
        date,
        type: 'whole_day',
        reason: 'Storm',
        affectedAppointments: 'reassign',
      });
      expect(reassigned.statusCode, reassigned.body).toBe(201);
      expect(await appointmentRow(t.database.db, first.id)).toMatchObject({ status: 'cancelled' });
      const mails = await mailsOf(t.database.db, t.config, first.id);
      expect(mails.at(-1)?.mail?.text).toContain('De balie is op dat moment gesloten. (Storm)');
    });

    it.each([
      [{ type: 'whole_day' }, 'date', 'invalid_date'],
      [{ date: '2031-13-01', type: 'whole_day' }, 'date', 'invalid_date'],
      [{ date: '2031-01-01', type: 'half_day' }, 'type', 'invalid_value'],
      [{ date: '2031-01-01', type: 'partial', until: '10:00' }, 'from', 'required'],
      [{ date: '2031-01-01', type: 'partial', from: '10:00', until: '10:00' }, 'until', 'until_before_from'],
      [{ date: '2031-01-01', type: 'whole_day', until: '10:00' }, 'until', 'whole_day_has_no_times'],
      [{ date: '2031-01-01', type: 'whole_day', reason: 'x'.repeat(201) }, 'reason', 'too_long'],
      [
        { date: '2031-01-01', type: 'whole_day', affectedAppointments: 'all' },
        'affectedAppointments',
        'invalid_value',
      ],
      [{ date: '2031-01-01', type: 'whole_day', deskId: 1 }, 'body', 'unknown_property'],
    ])('POST /closures answers 400 for %j naming %s', async (body, property, message) => {
      const res = await t.call('POST', '/api/closures', t.admin, body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().errors).toContainEqual({ property, message });
    });

    it('answers guests with 401, users with 403 and bad ids with 400', async () => {
      const body = { date: '2031-01-01', type: 'whole_day' };
      expect((await t.call('POST', '/api/closures', undefined, body)).statusCode).toBe(401);
      expect((await t.call('POST', '/api/closures', t.user, body)).statusCode).toBe(403);
      expect((await t.call('DELETE', '/api/closure/1')).statusCode).toBe(401);
      expect((await t.call('DELETE', '/api/closure/1', t.user)).statusCode).toBe(403);
      const bad = await t.call('DELETE', '/api/closure/99999999999', t.admin);
      expect(bad.json()).toMatchObject({ code: 'validation_failed', errors: [{ property: 'id' }] });
    });
  });

  it('refuses a hold chosen on a cached schedule that another process has changed since', async () => {
    const date = days[13]!;
    const slots = await slotsOn(t.app, date);
    // Another process closes the day: its rows and the version, not this process's cache.
    await t.database.db.transaction(async (tx) => {
      await tx
        .update(scheduleState)
        .set({ version: sql`${scheduleState.version} + 1` })
        .where(eq(scheduleState.id, 1));
      await tx.insert(closures).values({ deskId: null, date, type: 'whole_day' });
    });
    const hold = await t.app.inject({
      method: 'POST',
      url: '/api/appointment/make-reservation',
      payload: { appointmentItems: [{ productId: 1, amount: 1 }], fromDateTime: slots[0]!.beginTime },
    });
    expect(hold.statusCode, hold.body).toBe(409);
    expect(hold.json().code).toBe('timeslot_unavailable');
  });

  describe('DELETE /api/desk/{id}', () => {
    it('deletes a desk that never had a booking, with its schedule', async () => {
      const desk = await createDesk({ name: 'Balie weg', openingHours: HOURS });
      const res = await t.call('DELETE', `/api/desk/${desk.id}`, t.admin);
      expect(res.statusCode, res.body).toBe(204);
      expect((await t.call('GET', `/api/desk/${desk.id}`, t.admin)).statusCode).toBe(404);
      const [event] = await auditOf(t.database.db, 'desk_deleted', desk.id);
      expect(event?.details).toMatchObject({ changes: { name: { before: 'Balie weg', after: null } } });
    });

    it('refuses a desk with past or cancelled bookings: 409 desk_in_use, deactivate instead', async () => {
      const desk = await createDesk({ name: 'Balie oud', openingHours: HOURS });
      // An appointment of last year, checked in.
      await t.database.db.insert(appointments).values({
        reservationId: randomUUID(),
        status: 'checked_in',
        deskId: desk.id,
        during: { from: new Date('2025-03-03T09:00:00Z'), until: new Date('2025-03-03T09:12:00Z') },
        groupKey: randomUUID(),
      });
      const res = await t.call('DELETE', `/api/desk/${desk.id}?affectedAppointments=reassign`, t.admin);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({
        code: 'desk_in_use',
        message: expect.stringContaining('deactivate'),
      });
      expect(await getDesk(desk.id)).toEqual(desk);
    });

    it('lists the future appointments of a desk, and with reassign moves them and deletes the desk', async () => {
      // Not a Monday: the desks made above open on Mondays and would compete for the booking. (The
      // dates before days[15] are other tests'.)
      const date = days.slice(15).find((d) => new Date(`${d}T12:00:00Z`).getUTCDay() !== 1)!;
      const desk = await createDesk({
        name: 'Balie tijdelijk',
        openingHours: (await getDesk(2)).openingHours,
      });
      // Desks 1 and 2 are busier that day, so the new desk is chosen.
      await book(t.app, date, 0);
      await book(t.app, date, 0);
      const booked = await book(t.app, date, 5);
      expect(booked.desk.id).toBe(desk.id);
      const listed = await t.call('DELETE', `/api/desk/${desk.id}`, t.admin);
      expect(listed.statusCode).toBe(409);
      expect(listed.json().appointments.map((a: Appointment) => a.id)).toEqual([booked.id]);
      const kept = await t.call('DELETE', `/api/desk/${desk.id}?affectedAppointments=keep`, t.admin);
      expect(kept.statusCode).toBe(409);
      expect(kept.json().code).toBe('desk_in_use');
      const bad = await t.call('DELETE', `/api/desk/${desk.id}?affectedAppointments=maybe`, t.admin);
      expect(bad.json().errors).toContainEqual({
        property: 'affectedAppointments',
        message: 'invalid_value',
      });

      const res = await t.call('DELETE', `/api/desk/${desk.id}?affectedAppointments=reassign`, t.admin);
      expect(res.statusCode, res.body).toBe(204);
      const row = await appointmentRow(t.database.db, booked.id);
      expect(row.status).toBe('confirmed');
      expect([1, 2]).toContain(row.deskId);
      expect((await t.call('GET', `/api/desk/${desk.id}`, t.admin)).statusCode).toBe(404);
    });

    it('documents every desk route in /api/docs, with the 409 that lists the appointments', async () => {
      const paths = (await t.call('GET', '/api/docs/json')).json<{
        paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
      }>().paths;
      expect(paths['/api/desks']?.post?.responses).toHaveProperty('201');
      expect(paths['/api/desk/{id}']?.patch?.responses).toHaveProperty('409');
      expect(JSON.stringify(paths['/api/desk/{id}']?.patch?.responses['409'])).toContain(
        'appointments_affected',
      );
      expect(paths['/api/desk/{id}']?.delete?.responses).toHaveProperty('204');
      expect(paths['/api/closures']?.post?.responses).toHaveProperty('409');
      expect(paths['/api/closure/{id}']?.delete?.responses).toHaveProperty('204');
      expect(paths['/api/organisation']?.patch?.responses).toHaveProperty('200');
    });

    it('answers 404, 400, 401 and 403', async () => {
      expect((await t.call('DELETE', '/api/desk/999999', t.admin)).statusCode).toBe(404);
      expect((await t.call('DELETE', '/api/desk/x', t.admin)).statusCode).toBe(400);
      expect((await t.call('DELETE', '/api/desk/1')).statusCode).toBe(401);
      expect((await t.call('DELETE', '/api/desk/1', t.user)).statusCode).toBe(403);
    });
  });
});
