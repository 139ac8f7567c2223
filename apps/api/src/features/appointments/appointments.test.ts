import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { appointments, outbox } from '../../db/schema/index.js';
import { insertAppointment } from './test-support.js';
import { createMailTransport } from '../../mail/transport.js';
import { MailWorker } from '../../mail/worker.js';
import { testDatabases, useTestApp } from '../../test/index.js';
import { confirm, holdOk, ITEMS, someSlots } from '../booking/test-support/helpers.js';
import { neutraliseCell } from './exports.js';
import { enqueueDueReminders } from './mail-templates/reminders.js';

describe.each(testDatabases)('appointments API on %s', (kind) => {
  const t = useTestApp(kind, { sessions: ['admin', 'user'] });
  let day = 1;

  /**
   * A confirmed appointment on a fresh day, for a guest of its own (one address has at most five
   * appointments ahead, DESIGN §6); `extra` goes into POST /appointment.
   */
  async function book(extra: Record<string, unknown> = {}, headers = {}) {
    const guest = day++;
    const { slots } = await someSlots(t.app, guest);
    const r = await holdOk(t.app, slots[0]!.beginTime);
    const res = await confirm(t.app, r.id, { email: `guest-${guest}@example.org`, ...extra }, headers);
    expect(res.statusCode).toBe(201);
    return res.json();
  }
  const mailsOf = (id: number) =>
    t.database.db
      .select()
      .from(outbox)
      .where(sql`${outbox.payload}->>'appointmentId' = ${String(id)}`);

  it('shows an appointment by its token and nothing for a wrong one', async () => {
    const a = await book();
    const res = await t.call('GET', `/api/appointment/by-token/${a.token}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: a.id, status: 'confirmed', canChange: true });
    expect(res.json().token).toBeUndefined();
    expect((await t.call('GET', `/api/appointment/by-token/${a.token}x`)).statusCode).toBe(404);
  });

  it('moves an appointment by token: same id and token, new time, higher sequence, one change mail', async () => {
    const a = await book();
    const { slots } = await someSlots(t.app, day++);
    const target = slots[5]!;
    const r = await holdOk(t.app, target.beginTime, {
      appointmentId: a.id,
      token: a.token,
      appointmentItems: [{ productId: 2, amount: 2 }],
    });
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/appointment/${a.id}`,
      payload: { reservationId: r.id, newStatus: 'confirmed', token: a.token },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: a.id,
      fromDateTime: target.beginTime,
      duration: 18,
      appointmentItems: [{ product: { id: 2 }, amount: 2 }],
      // Moving keeps the visitor's details, including the optional ones.
      initials: 'J.',
      lastName: 'Jansen',
    });
    const [row] = await t.database.db.select().from(appointments).where(eq(appointments.id, a.id));
    expect(row!.sequence).toBe(1);
    expect((await t.call('GET', `/api/appointment/by-token/${a.token}`)).json().fromDateTime).toBe(
      target.beginTime,
    );
    expect((await mailsOf(a.id)).map((m) => m.kind).sort()).toEqual([
      'appointment-change',
      'appointment-confirmation',
    ]);
    const holds = await t.database.db
      .select()
      .from(appointments)
      .where(eq(appointments.replacesAppointmentId, a.id));
    expect(holds).toEqual([]);
    // Its own slot counts as free while changing: the current start is offered for the same appointment.
    const own = await t.app.inject({
      method: 'POST',
      url: '/api/timeslots',
      payload: {
        appointmentItems: ITEMS,
        date: target.beginTime.slice(0, 10),
        appointmentId: a.id,
        token: a.token,
      },
    });
    expect(own.json().map((s: { beginTime: string }) => s.beginTime)).toContain(target.beginTime);
  });

  it('enforces the token rules on changes', async () => {
    const a = await book();
    const b = await book();
    const { slots } = await someSlots(t.app, day++);
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/appointment/make-reservation',
      payload: {
        appointmentItems: ITEMS,
        fromDateTime: slots[0]!.beginTime,
        appointmentId: a.id,
        token: b.token,
      },
    });
    expect(wrong.statusCode).toBe(404);
    const anonymous = await t.app.inject({
      method: 'PATCH',
      url: `/api/appointment/${a.id}`,
      payload: { lastName: 'X' },
    });
    expect(anonymous.statusCode).toBe(401);
    const r = await holdOk(t.app, slots[0]!.beginTime, { appointmentId: b.id, token: b.token });
    const foreignHold = await t.app.inject({
      method: 'PATCH',
      url: `/api/appointment/${a.id}`,
      payload: { reservationId: r.id, newStatus: 'confirmed', token: a.token },
    });
    expect(foreignHold.statusCode).toBe(400);
    expect(foreignHold.json().errors[0].property).toBe('reservationId');
    const noStatus = await t.app.inject({
      method: 'PATCH',
      url: `/api/appointment/${a.id}`,
      payload: { reservationId: r.id, token: a.token },
    });
    expect(noStatus.json().errors[0].property).toBe('newStatus');
    // A plain hold cannot be confirmed as a new appointment when it belongs to a change.
    expect((await confirm(t.app, r.id)).json().errors[0].property).toBe('reservationId');
  });

  it('cancels by token once; afterwards nothing can change (change_not_possible)', async () => {
    const a = await book({ language: 'de' });
    const res = await t.call('GET', `/api/appointment/by-token/${a.token}/cancel`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'cancelled',
      canChange: false,
      cancelledAt: expect.any(String),
    });
    expect((await t.call('GET', `/api/appointment/by-token/${a.token}/cancel`)).json().code).toBe(
      'change_not_possible',
    );
    const patch = await t.app.inject({
      method: 'PATCH',
      url: `/api/appointment/${a.id}`,
      payload: { token: a.token, phone: '0201234567' },
    });
    expect(patch.statusCode).toBe(409);
    expect((await mailsOf(a.id)).map((m) => m.kind)).toContain('appointment-cancellation');
  });

  it('refuses to change an appointment that has started', async () => {
    const a = await book();
    const started = new Date(Date.now() - 60_000);
    await t.database.db
      .update(appointments)
      .set({ during: { from: started, until: new Date(started.getTime() + 12 * 60_000) } })
      .where(eq(appointments.id, a.id));
    expect((await t.call('GET', `/api/appointment/by-token/${a.token}`)).json().canChange).toBe(false);
    const res = await t.call('GET', `/api/appointment/by-token/${a.token}/cancel`);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('change_not_possible');
  });

  it('lists own appointments for users (booked signed in) and all for admins', async () => {
    const mine = await book({}, t.user.headers);
    // A guest booking under the user's address is not theirs: nobody verified that the account holder
    // owns that address, so it stays with whoever holds its link (decision 0053).
    const byAddress = await book({ email: 'USER@example.com' });
    const other = await book({ email: 'stranger@example.org' });
    expect((await t.call('GET', '/api/appointments')).statusCode).toBe(401);
    const ids = (await t.call('GET', '/api/appointments', t.user)).json().map((a: { id: number }) => a.id);
    expect(ids).toContain(mine.id);
    expect(ids).not.toContain(byAddress.id);
    expect(ids).not.toContain(other.id);
    expect((await t.call('GET', `/api/appointment/${byAddress.id}`, t.user)).statusCode).toBe(404);
    expect((await t.call('GET', `/api/appointment/${byAddress.id}/cancel`, t.user)).statusCode).toBe(404);
    const all = (await t.call('GET', '/api/appointments', t.admin)).json();
    expect(all.map((a: { id: number }) => a.id)).toEqual(expect.arrayContaining([mine.id, other.id]));
    expect(all[0].desk.label).toEqual(expect.any(String));
    expect((await t.call('GET', `/api/appointment/${other.id}`, t.user)).statusCode).toBe(404);
    expect((await t.call('GET', `/api/appointment/${mine.id}`, t.user)).json().id).toBe(mine.id);
    const from = mine.fromDateTime.slice(0, 10);
    const ranged = (await t.call('GET', `/api/appointments?from=${from}&until=${from}`, t.admin)).json();
    expect(ranged.map((a: { id: number }) => a.id)).toEqual([mine.id]);
    expect((await t.call('GET', '/api/appointments?from=soon', t.admin)).json().errors[0].property).toBe(
      'from',
    );
    const page = (
      await t.call(
        'GET',
        `/api/appointments_paginated?page=1&pageSize=2&filter=${encodeURIComponent('{"search":"stranger"}')}`,
        t.admin,
      )
    ).json();
    expect(page).toMatchObject({ total: 1, page: 1, pageSize: 2, items: [{ id: other.id }] });
    const userPage = (await t.call('GET', '/api/appointments_paginated?pageSize=100', t.user)).json();
    expect(userPage.items.map((a: { id: number }) => a.id)).not.toContain(other.id);
    expect(
      (await t.call('GET', '/api/appointments_paginated?filter=%7Bx', t.admin)).json().errors[0].property,
    ).toBe('filter');
    const badStatus = await t.call(
      'GET',
      `/api/appointments_paginated?filter=${encodeURIComponent('{"status":"gone"}')}`,
      t.admin,
    );
    expect(badStatus.json().errors[0].property).toBe('filter.status');
    expect(
      (await t.call('GET', '/api/appointments_paginated?pageSize=1000', t.admin)).json().errors[0].property,
    ).toBe('pageSize');
  });

  it('checks in: the owner only on the day, an admin any time; deletes for admins only', async () => {
    const a = await book({}, t.user.headers);
    expect((await t.call('GET', `/api/appointment/${a.id}/check-in`)).statusCode).toBe(401);
    expect((await t.call('GET', `/api/appointment/${a.id}/check-in`, t.user)).json().code).toBe(
      'change_not_possible',
    );
    const res = await t.call('GET', `/api/appointment/${a.id}/check-in`, t.admin);
    expect(res.json()).toMatchObject({ status: 'checked_in', checkedInAt: expect.any(String) });
    expect((await t.call('DELETE', `/api/appointment/${a.id}`, t.user)).statusCode).toBe(403);
    expect((await t.call('DELETE', `/api/appointment/${a.id}`, t.admin)).statusCode).toBe(204);
    expect((await t.call('GET', `/api/appointment/${a.id}`, t.admin)).statusCode).toBe(404);
    expect((await t.call('DELETE', `/api/appointment/${a.id}`, t.admin)).statusCode).toBe(404);
  });

  it("exports today's list as CSV (formulas neutralised) and PDF, for admins", async () => {
    const start = new Date(Date.now() + 60 * 60_000);
    const row = await insertAppointment(t.database.db, start, {
      lastName: '=HYPERLINK("http://evil")',
      email: 'today@example.org',
    });
    const today = (await t.call('GET', '/api/appointments/today', t.admin)).json();
    // Today in Amsterdam may end within the hour; then the row belongs to tomorrow.
    const sameDay =
      new Date(start).toLocaleDateString('sv', { timeZone: 'Europe/Amsterdam' }) ===
      new Date().toLocaleDateString('sv', { timeZone: 'Europe/Amsterdam' });
    if (sameDay) expect(today.map((a: { id: number }) => a.id)).toContain(row.id);
    expect((await t.call('GET', '/api/appointments/today', t.user)).statusCode).toBe(403);
    const csv = await t.call('GET', '/api/appointments/today/csv', t.admin);
    expect(csv.headers['content-disposition']).toBe('attachment; filename="afspraken.csv"');
    expect(csv.body).toContain('Tijd;Tot;Locatie;Balie');
    if (sameDay) expect(csv.body).toContain(`"'=HYPERLINK(""http://evil"")"`);
    expect(neutraliseCell('+31 6')).toBe("'+31 6");
    expect(neutraliseCell('Jansen')).toBe('Jansen');
    const pdf = await t.call('GET', '/api/appointments/today/pdf?language=en', t.admin);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe('attachment; filename="afspraken.pdf"');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await t.call('GET', '/api/appointments/today/csv', t.user)).statusCode).toBe(403);
    await t.database.db.delete(appointments).where(eq(appointments.id, row.id));
  });

  /** An appointment starting in `hours` hours that was booked three days ago: its reminder is due. */
  async function dueForReminder(hours: number) {
    const a = await book();
    const from = new Date(Date.now() + hours * 3600_000);
    await t.database.db
      .update(appointments)
      .set({
        during: { from, until: new Date(from.getTime() + 12 * 60_000) },
        createdAt: new Date(Date.now() - 3 * 86_400_000),
      })
      .where(eq(appointments.id, a.id));
    return a;
  }

  it('queues a reminder once for appointments within 24 hours booked earlier', async () => {
    const a = await dueForReminder(3);
    expect(await enqueueDueReminders(t.app.db)).toBe(1);
    expect(await enqueueDueReminders(t.app.db)).toBe(0);
    expect((await mailsOf(a.id)).filter((m) => m.kind === 'appointment-reminder')).toHaveLength(1);
  });

  it('queues the reminders already due as soon as a server starts, not a job interval later', async () => {
    const a = await dueForReminder(2);
    // A second process on the same database, as after a restart or a deploy.
    const restarted = await buildApp({ config: t.config, database: t.database, webRoot: null });
    await restarted.ready();
    await restarted.close();
    expect((await mailsOf(a.id)).filter((m) => m.kind === 'appointment-reminder')).toHaveLength(1);
  });

  it('mails confirmation, change and cancellation with .ics in the appointment language', async () => {
    await t.database.db
      .update(outbox)
      .set({ sentAt: new Date() })
      .where(sql`${outbox.sentAt} IS NULL`);
    // The worker renders at send time, so each mail is sent before the next change.
    const worker = new MailWorker({
      db: t.app.db,
      config: t.config,
      transport: createMailTransport(t.config, () => undefined),
    });
    const a = await book({ language: 'en' });
    expect(await worker.runOnce()).toMatchObject({ sent: 1, failed: 0 });
    const { slots } = await someSlots(t.app, day++);
    const r = await holdOk(t.app, slots[1]!.beginTime, { appointmentId: a.id, token: a.token });
    await t.app.inject({
      method: 'PATCH',
      url: `/api/appointment/${a.id}`,
      payload: { reservationId: r.id, newStatus: 'confirmed', token: a.token },
    });
    expect(await worker.runOnce()).toMatchObject({ sent: 1, failed: 0 });
    await t.call('GET', `/api/appointment/by-token/${a.token}/cancel`);
    expect(await worker.runOnce()).toMatchObject({ sent: 1, failed: 0 });
    const dir = path.join(t.config.dataDir, 'mail');
    const mails = readdirSync(dir)
      .sort()
      .map((f) => readFileSync(path.join(dir, f), 'utf8'));
    // Quoted-printable soft breaks and base64 parts (the .ics) decoded, iCalendar lines unfolded.
    const unfold = (m: string) =>
      m
        .replace(/=\r?\n/g, '')
        .replace(
          /Content-Transfer-Encoding: base64\r?\n(?:[^\n]*\n)*?\r?\n([A-Za-z0-9+/=\r\n]+)/g,
          (_w, b64: string) => Buffer.from(b64.replace(/\s/g, ''), 'base64').toString('utf8'),
        )
        .replace(/\r?\n[ \t]/g, '');
    const [confirmation, change, cancellation] = mails.map(unfold);
    const uid = `UID:appointment-${a.id}@balie.test`;
    expect(confirmation).toContain('Subject: Confirmation of your appointment');
    expect(confirmation).toContain(`http://balie.test/edit-appointment/${a.token}`);
    expect(confirmation).toContain(`http://balie.test/cancel-appointment/${a.token}`);
    expect(confirmation).toContain('METHOD:REQUEST');
    expect(confirmation).toContain(uid);
    expect(confirmation).toContain('SEQUENCE:0');
    expect(change).toContain('SEQUENCE:1');
    expect(change).toContain('Subject: Your appointment has been changed');
    expect(change).toContain(uid);
    expect(cancellation).toContain('METHOD:CANCEL');
    expect(cancellation).toContain('SEQUENCE:2');
    expect(cancellation).toContain(uid);
  });
});
