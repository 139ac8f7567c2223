import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { AppointmentsAffectedError, Desk } from '@balie/shared';
import { appointments } from '../../db/schema/index.js';
import { testDatabases, useTestApp } from '../../test/index.js';
import {
  bookAt,
  buildWorld,
  items,
  NOW,
  slotsFor,
  WEEKDAYS,
  type World,
} from '../locations/test-support/world.js';
import { appointmentRow, auditOf, mailsOf } from './test-support/schedule.js';

/**
 * Issue 34 item 7 (decision 0422): `reassign` keeps visitors in the building they were told; only
 * `reassign_anywhere` sends them to another location, and its change mail leads with the new address and
 * gives the admin's reason.
 */
describe.each(testDatabases)('reassigning within a location or to another one on %s', (kind) => {
  const t = useTestApp(kind, { sessions: ['admin'], now: NOW });
  let w: World;
  beforeAll(async () => {
    w = await buildWorld(t);
  });

  /** Books a passport at the Stadhuis, the `index`-th free start of `date`. */
  const atStadhuis = async (date: string, index = 0) => {
    const where = { appointmentItems: items(w.passport.id), date, locationId: w.stadhuis.id };
    const slots = await slotsFor(t, where);
    return bookAt(t, {
      appointmentItems: where.appointmentItems,
      locationId: w.stadhuis.id,
      fromDateTime: slots[index]!.beginTime,
    });
  };
  const onNoord = async (date: string) =>
    (await t.database.db.query.appointments.findMany()).filter(
      (a) => a.deskId === w.n1.id && a.status === 'confirmed' && a.during.from.toISOString().startsWith(date),
    );
  const mailOf = async (id: number, kind: string) => {
    const mails = await mailsOf(t.database.db, t.config, id);
    const found = mails.find((m) => m.kind === kind)?.mail;
    expect(found, `${kind} for ${id}: ${mails.map((m) => m.kind).join(', ')}`).toBeTruthy();
    return found!;
  };
  /** The mail's first paragraph after the greeting. */
  const firstLine = (text: string) => text.split('\n\n')[1] ?? '';

  it('a closure of one desk with reassign: to the other desk of that location, else cancelled — never another building', async () => {
    const date = WEEKDAYS[0]!;
    const nine = await atStadhuis(date, 0);
    expect(nine.desk.id).toBe(w.s1.id);
    const nineOnS2 = await atStadhuis(date, 0);
    expect(nineOnS2.desk.id).toBe(w.s2.id);
    const later = await atStadhuis(date, 4);
    expect(later.desk.id).toBe(w.s1.id);
    const desk = (await t.call('GET', `/api/desk/${w.s1.id}`, t.admin)).json<Desk>();
    const body = { closures: [...desk.closures, { date, type: 'whole_day', reason: 'Storing' }] };

    const asked = await t.call('PATCH', `/api/desk/${w.s1.id}`, t.admin, body);
    expect(asked.statusCode, asked.body).toBe(409);
    const answer = asked.json<AppointmentsAffectedError>();
    expect(answer.appointments.map((a) => a.id)).toEqual([nine.id, later.id]);
    // The dialog can tell: one can stay in the Stadhuis, the other only go to Noord.
    expect(answer.reassignment).toEqual([
      {
        appointmentId: nine.id,
        sameLocation: false,
        otherLocation: {
          id: w.noord.id,
          name: 'Stadswinkel Noord',
          street: 'Noordplein 3',
          postcode: '1235 CD',
          city: 'Voorbeeld',
        },
      },
      { appointmentId: later.id, sameLocation: true, otherLocation: null },
    ]);

    const res = await t.call('PATCH', `/api/desk/${w.s1.id}`, t.admin, {
      ...body,
      affectedAppointments: 'reassign',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await appointmentRow(t.database.db, later.id)).toMatchObject({
      status: 'confirmed',
      deskId: w.s2.id,
    });
    // Noord 1 was free at nine, yet the visitor was told the Stadhuis: cancelled with the apology.
    expect(await appointmentRow(t.database.db, nine.id)).toMatchObject({ status: 'cancelled' });
    expect(await onNoord(date)).toEqual([]);
    const apology = await mailOf(nine.id, 'appointment-schedule-cancellation');
    expect(apology.text).toContain('Storing');

    const moved = await mailOf(later.id, 'appointment-change');
    expect(moved.subject).toMatch(/^Uw afspraak is verplaatst naar een andere balie op hetzelfde adres — /);
    expect(firstLine(moved.text)).toContain('Stadhuis, Markt 1, 1234 AB Voorbeeld');
    expect(firstLine(moved.text)).toContain('Stadhuis 2');
    expect(moved.text).toContain('Reden: Storing');
    const [event] = await auditOf(t.database.db, 'appointment_reassigned', later.id);
    expect(event?.details).toMatchObject({ changes: { deskId: { before: w.s1.id, after: w.s2.id } } });
  });

  it('a closure of one location with reassign cancels what no desk of it can take, and sends nobody to another', async () => {
    const date = WEEKDAYS[1]!;
    const booked = await atStadhuis(date, 0);
    const closure = { date, type: 'whole_day', locationId: w.stadhuis.id, reason: 'Verbouwing' };
    const asked = await t.call('POST', '/api/closures', t.admin, closure);
    expect(asked.statusCode, asked.body).toBe(409);
    expect(asked.json<AppointmentsAffectedError>().reassignment).toEqual([
      {
        appointmentId: booked.id,
        sameLocation: false,
        otherLocation: expect.objectContaining({ id: w.noord.id, street: 'Noordplein 3' }),
      },
    ]);
    const res = await t.call('POST', '/api/closures', t.admin, {
      ...closure,
      affectedAppointments: 'reassign',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(await appointmentRow(t.database.db, booked.id)).toMatchObject({
      status: 'cancelled',
      deskId: w.s1.id,
    });
    expect(await onNoord(date)).toEqual([]);
    const apology = await mailOf(booked.id, 'appointment-schedule-cancellation');
    expect(apology.text).toContain('Verbouwing');
  });

  it('with reassign_anywhere moves them to another location; the mail leads with its address and the reason', async () => {
    const date = WEEKDAYS[2]!;
    const first = await atStadhuis(date, 0);
    const second = await atStadhuis(date, 0);
    expect([first.desk.id, second.desk.id]).toEqual([w.s1.id, w.s2.id]);
    const closure = { date, type: 'whole_day', locationId: w.stadhuis.id, reason: 'Verbouwing' };
    const asked = await t.call('POST', '/api/closures', t.admin, closure);
    expect(asked.statusCode, asked.body).toBe(409);
    // Noord has one desk: the second visitor of nine o'clock has nowhere to go.
    expect(
      asked.json<AppointmentsAffectedError>().reassignment?.map((r) => [r.sameLocation, r.otherLocation?.id]),
    ).toEqual([
      [false, w.noord.id],
      [false, undefined],
    ]);
    const res = await t.call('POST', '/api/closures', t.admin, {
      ...closure,
      affectedAppointments: 'reassign_anywhere',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(await appointmentRow(t.database.db, first.id)).toMatchObject({
      status: 'confirmed',
      deskId: w.n1.id,
    });
    expect(await appointmentRow(t.database.db, second.id)).toMatchObject({ status: 'cancelled' });

    const mail = await mailOf(first.id, 'appointment-change');
    // Not "changed to <the same date>": where to go now, then when (which stays).
    expect(mail.subject).toMatch(
      /^Uw afspraak is verplaatst naar Stadswinkel Noord, Noordplein 3 — \S+ \d+ maart 09:00$/,
    );
    expect(firstLine(mail.text)).toMatch(
      /^Uw afspraak is verplaatst naar Stadswinkel Noord, Noordplein 3, 1235 CD Voorbeeld\./,
    );
    expect(mail.text).toContain('Reden: Verbouwing');
    expect(mail.html).toContain('Noordplein 3, 1235 CD Voorbeeld');
    // The same in the visitor's language (the mail is rendered when sent, in the appointment's language).
    const expected: Array<['en' | 'de', RegExp, string]> = [
      [
        'en',
        /^Your appointment has moved to Stadswinkel Noord, Noordplein 3 — Thu 14 March 09:00$/,
        'Reason: Verbouwing',
      ],
      [
        'de',
        /^Ihr Termin wurde verlegt nach Stadswinkel Noord, Noordplein 3 — Do\., 14\. März 09:00$/,
        'Grund: Verbouwing',
      ],
    ];
    for (const [language, subject, reason] of expected) {
      await t.database.db.update(appointments).set({ language }).where(eq(appointments.id, first.id));
      const translated = await mailOf(first.id, 'appointment-change');
      expect(translated.subject).toMatch(subject);
      expect(firstLine(translated.text)).toContain('Stadswinkel Noord, Noordplein 3, 1235 CD Voorbeeld');
      expect(translated.text).toContain(reason);
    }
  });

  it('rejects an unknown decision with a 400 naming affectedAppointments', async () => {
    const res = await t.call('POST', '/api/closures', t.admin, {
      date: WEEKDAYS[3],
      type: 'whole_day',
      affectedAppointments: 'elsewhere',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].property).toBe('affectedAppointments');
  });
});
