import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../../db/schema/index.js';
import { insertUser } from '../users/repository.js';
import { hashPassword } from '../../security/passwords.js';
import { login, testDatabases, useTestApp, type Session } from '../../test/index.js';
import { confirm, hold, holdOk, slotsOn } from '../booking/test-support/helpers.js';
import { newCheckInCode } from './check-in-code.js';
import { insertAppointment } from './test-support.js';

/** Tuesday 12 March 2030, 10:00 in Amsterdam: the desks are open; Wednesday is a working day too. */
const NOW = new Date('2030-03-12T09:00:00Z');
const TODAY = '2030-03-12';
const TOMORROW = '2030-03-13';

/**
 * The people behind the desk (DESIGN §4b *Staff*): every appointment, today's list and its exports,
 * check-in and no-show, change and cancel on a visitor's behalf; none of the set-up.
 */
describe.each(testDatabases)('staff on %s', (kind) => {
  const t = useTestApp(kind, { now: NOW, sessions: ['admin'] });
  let staff: Session;
  beforeAll(async () => {
    await insertUser(t.database.db, {
      email: 'desk@example.org',
      passwordHash: await hashPassword('Desk-Staff1!'),
      firstName: 'Daan',
      lastName: 'Desk',
      roles: ['ROLE_USER', 'ROLE_STAFF'],
    });
    staff = await login(t.app, 'desk@example.org', 'Desk-Staff1!');
  });

  let slot = 0;
  /** A guest's booking (by link, no account) on `date`. */
  async function guestBooking(date: string) {
    const slots = await slotsOn(t.app, date);
    const r = await holdOk(t.app, slots[slot++]!.beginTime);
    const res = await confirm(t.app, r.id);
    expect(res.statusCode).toBe(201);
    return res.json<{ id: number; token: string; checkInCode: string }>();
  }

  it('sees every appointment: lists, one by id with the desk label, its history with who acted', async () => {
    const a = await guestBooking(TOMORROW);
    const list = await t.call('GET', `/api/appointments?from=${TOMORROW}&until=${TOMORROW}`, staff);
    expect(list.json().map((x: { id: number }) => x.id)).toContain(a.id);
    const page = await t.call('GET', '/api/appointments_paginated?pageSize=100', staff);
    const adminPage = await t.call('GET', '/api/appointments_paginated?pageSize=100', t.admin);
    expect(page.json().total).toBe(adminPage.json().total);
    const one = await t.call('GET', `/api/appointment/${a.id}`, staff);
    expect(one.statusCode).toBe(200);
    expect(one.json().desk).toHaveProperty('label');
    expect((await t.call('GET', `/api/appointment/${a.id}/history`, staff)).json()).toEqual([
      expect.objectContaining({ action: 'appointment_created', actor: { type: 'link' } }),
    ]);
  });

  it('changes the time and the products on the visitor’s behalf, and shows as staff in the history', async () => {
    const a = await guestBooking(TOMORROW);
    const target = (await slotsOn(t.app, TOMORROW))[6]!;
    const items = [{ productId: 2, amount: 2 }];
    const held = await hold(
      t.app,
      { fromDateTime: target.beginTime, appointmentId: a.id, appointmentItems: items },
      staff.headers,
    );
    expect(held.statusCode, held.body).toBe(201);
    const moved = await t.call('PATCH', `/api/appointment/${a.id}`, staff, {
      reservationId: held.json().id,
      newStatus: 'confirmed',
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({
      fromDateTime: target.beginTime,
      appointmentItems: [{ product: { id: 2 }, amount: 2 }],
    });
    const phone = await t.call('PATCH', `/api/appointment/${a.id}`, staff, { phone: '+31 20 7654321' });
    expect(phone.json().phone).toBe('+31 20 7654321');
    const history = (await t.call('GET', `/api/appointment/${a.id}/history`, t.admin)).json();
    expect(history.at(-1)).toMatchObject({
      action: 'appointment_updated',
      actor: { type: 'user', name: 'Daan Desk', email: 'desk@example.org', staff: true },
    });
    expect(history.at(-2)).toMatchObject({ action: 'appointment_moved', actor: { staff: true } });
  });

  it('cancels on the visitor’s behalf, but does not delete', async () => {
    const a = await guestBooking(TOMORROW);
    expect((await t.call('DELETE', `/api/appointment/${a.id}`, staff)).statusCode).toBe(403);
    const cancelled = await t.call('GET', `/api/appointment/${a.id}/cancel`, staff);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().status).toBe('cancelled');
  });

  it('works the day: today’s list and exports, check-in by code and by id, no-show', async () => {
    const a = await guestBooking(TODAY);
    const today = await t.call('GET', '/api/appointments/today', staff);
    expect(today.statusCode).toBe(200);
    expect(today.json().map((x: { id: number }) => x.id)).toContain(a.id);
    expect((await t.call('GET', '/api/appointments/today/csv', staff)).statusCode).toBe(200);
    const byCode = await t.call('POST', '/api/appointments/check-in', staff, { code: a.checkInCode });
    expect(byCode.json()).toMatchObject({ id: a.id, status: 'checked_in' });
    const b = await guestBooking(TOMORROW);
    // Staff may check in a visitor of another day by id, as admins may (the owner only on the day).
    expect((await t.call('GET', `/api/appointment/${b.id}/check-in`, staff)).json().status).toBe(
      'checked_in',
    );
    const missed = await insertAppointment(t.database.db, new Date(NOW.getTime() - 30 * 60_000), {
      checkInCode: newCheckInCode(),
    });
    const noShow = await t.call('PATCH', `/api/appointment/${missed.id}`, staff, { newStatus: 'no_show' });
    expect(noShow.statusCode, noShow.body).toBe(200);
    expect(noShow.json().status).toBe('no_show');
    const [event] = await t.database.db
      .select()
      .from(auditEvents)
      .where(
        and(eq(auditEvents.action, 'appointment_no_show'), eq(auditEvents.subjectId, String(missed.id))),
      );
    expect(event?.actorUserId).toBe(staff.userId);
  });

  it('reads the desk list, and nothing else of the set-up', async () => {
    expect((await t.call('GET', '/api/desks', staff)).statusCode).toBe(200);
    for (const [method, url] of [
      ['GET', '/api/desk/1'],
      ['POST', '/api/desks'],
      ['GET', '/api/closures'],
      ['GET', '/api/products?all=true'],
      ['POST', '/api/products'],
      ['PATCH', '/api/organisation'],
      ['GET', '/api/users'],
      ['POST', '/api/users/invite'],
      ['GET', '/api/audit-events'],
    ] as const) {
      const res = await t.call(method, url, staff, method === 'GET' ? undefined : {});
      expect(res.statusCode, `${method} ${url}`).toBe(403);
    }
  });
});
