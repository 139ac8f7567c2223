import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { CHECK_IN_CODE_ALPHABET } from '@balie/shared';
import { queryRows } from '../../db/client.js';
import { MIGRATIONS_FOLDER } from '../../db/migrate.js';
import { appointments, auditEvents, outbox } from '../../db/schema/index.js';
import { createMailTransport } from '../../mail/transport.js';
import { MailWorker } from '../../mail/worker.js';
import { testDatabases, useTestApp } from '../../test/index.js';
import { confirm, holdOk, slotsOn } from '../booking/test-support/helpers.js';
import { newCheckInCode, withFreshCheckInCode } from './check-in-code.js';
import { insertAppointment } from './test-support.js';

/** Tuesday 12 March 2030, 10:00 in Amsterdam (CET): the desks are open 08:30–12:30. */
const NOW = new Date('2030-03-12T09:00:00Z');
const TODAY = '2030-03-12';
const CODE = new RegExp(`^[${CHECK_IN_CODE_ALPHABET}]{8}$`);
const MINUTE = 60_000;

describe.each(testDatabases)('check-in codes, check-in by code and no-show on %s', (kind) => {
  const t = useTestApp(kind, { now: NOW, sessions: ['admin', 'user'] });

  const inject = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object, headers = {}) =>
    t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  const checkInBy = (code: unknown, headers: Record<string, string> = t.admin.headers) =>
    inject('POST', '/api/appointments/check-in', { code }, headers);
  let slotIndex = 0;
  /** Books a slot of today (later than now) through the API, as a guest or signed in. */
  async function bookToday(headers = {}) {
    const slots = await slotsOn(t.app, TODAY);
    const r = await holdOk(t.app, slots[slotIndex++]!.beginTime);
    const res = await confirm(t.app, r.id, {}, headers);
    expect(res.statusCode).toBe(201);
    return res.json();
  }
  /**
   * An appointment written directly, for moments the booking rules do not allow (already started). One
   * still to come goes after 12:30, when the desks are closed: a booking made through the API by another
   * test, in whatever order they run, cannot be in its way.
   */
  async function insert(startsInMinutes: number, values: Partial<typeof appointments.$inferInsert> = {}) {
    return insertAppointment(t.database.db, new Date(NOW.getTime() + startsInMinutes * MINUTE), {
      deskId: 2,
      checkInCode: newCheckInCode(),
      ...values,
    });
  }
  const auditOf = (id: number) =>
    t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.subjectType, 'appointment'), eq(auditEvents.subjectId, String(id))));

  it('gives every confirmed appointment a code, shown to the token holder, owner and admin', async () => {
    const guest = await bookToday();
    expect(guest.checkInCode).toMatch(CODE);
    expect((await inject('GET', `/api/appointment/by-token/${guest.token}`)).json().checkInCode).toBe(
      guest.checkInCode,
    );
    const own = await bookToday(t.user.headers);
    expect(own.checkInCode).toMatch(CODE);
    expect(own.checkInCode).not.toBe(guest.checkInCode);
    expect(
      (await inject('GET', `/api/appointment/${own.id}`, undefined, t.user.headers)).json(),
    ).toMatchObject({
      checkInCode: own.checkInCode,
    });
    expect((await inject('GET', `/api/appointment/${guest.id}`, undefined, t.user.headers)).statusCode).toBe(
      404,
    );
    const listed = (await inject('GET', '/api/appointments', undefined, t.user.headers)).json();
    expect(listed.map((a: { id: number }) => a.id)).not.toContain(guest.id);
    // Created is audited in the confirm's transaction: by the link holder, or by the signed-in user.
    expect(await auditOf(guest.id)).toMatchObject([
      { action: 'appointment_created', actorUserId: null, details: { actor: 'link' } },
    ]);
    expect(await auditOf(own.id)).toMatchObject([
      { action: 'appointment_created', actorUserId: t.user.userId, details: { actor: 'user' } },
    ]);
  });

  it('mails the code as text and as an inline QR image in the visitor language', async () => {
    await t.database.db
      .update(outbox)
      .set({ sentAt: new Date() })
      .where(sql`${outbox.sentAt} IS NULL`);
    const worker = new MailWorker({
      db: t.app.db,
      config: t.config,
      transport: createMailTransport(t.config, () => undefined),
    });
    const slots = await slotsOn(t.app, TODAY);
    const r = await holdOk(t.app, slots[slotIndex++]!.beginTime);
    const a = (await confirm(t.app, r.id, { language: 'de' })).json();
    expect(await worker.runOnce()).toMatchObject({ sent: 1, failed: 0 });
    const dir = path.join(t.config.dataDir, 'mail');
    const file = readdirSync(dir).find((f) => readFileSync(path.join(dir, f), 'utf8').includes(`${a.id}`));
    // Quoted-printable soft breaks joined and `=3D` read back as `=`.
    const mail = readFileSync(path.join(dir, file!), 'utf8')
      .replace(/=\r?\n/g, '')
      .replace(/=3D/g, '=');
    expect(mail).toContain(`Check-in-Code: ${a.checkInCode}`);
    // The QR image refers to the inline part, whatever order the renderer writes its attributes in.
    expect(mail).toMatch(/<img\b[^>]*\bsrc="cid:check-in-code@balie"/);
    const part = /Content-Type: image\/png[\s\S]*?\r?\n\r?\n([A-Za-z0-9+/=\r\n]+)/.exec(mail);
    expect(part![0]).toMatch(/Content-Disposition: inline/);
    expect(part![0]).toMatch(/Content-ID: <check-in-code@balie>/);
    expect(Buffer.from(part![1]!.replace(/\s/g, ''), 'base64').subarray(1, 4).toString()).toBe('PNG');
  });

  it('checks in by code typed in any case, with spaces or hyphens; only once', async () => {
    const a = await bookToday();
    const typed = `${a.checkInCode.slice(0, 4).toLowerCase()}- ${a.checkInCode.slice(4)}`;
    const res = await checkInBy(typed);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: a.id, status: 'checked_in', checkedInAt: expect.any(String) });
    const again = await checkInBy(a.checkInCode);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'change_not_possible',
      message: expect.stringContaining('already'),
      errors: [{ property: 'code', message: 'already_checked_in' }],
    });
    expect(await auditOf(a.id)).toMatchObject([
      { action: 'appointment_created' },
      {
        action: 'appointment_checked_in',
        actorUserId: t.admin.userId,
        details: { actor: 'user', changes: { status: { before: 'confirmed', after: 'checked_in' } } },
      },
    ]);
    // The by-id check-in keeps working and says the same.
    const byId = await inject('GET', `/api/appointment/${a.id}/check-in`, undefined, t.admin.headers);
    expect(byId.json().errors).toEqual([{ property: 'id', message: 'already_checked_in' }]);
  });

  it('answers 404 for an unknown code and 400 naming `code` for a malformed or missing one', async () => {
    let unknown = newCheckInCode();
    const taken = await queryRows<{ code: string }>(
      t.app.db,
      sql`select check_in_code as code from appointments where check_in_code is not null`,
    );
    while (taken.some((r) => r.code === unknown)) unknown = newCheckInCode();
    expect((await checkInBy(unknown)).statusCode).toBe(404);
    expect((await checkInBy(unknown)).json().code).toBe('not_found');
    for (const bad of ['ABC', 'O0O0O0O0', 'ABCDEFGH1', 12345678, '']) {
      const res = await checkInBy(bad);
      expect(res.statusCode, String(bad)).toBe(400);
      expect(res.json().errors[0].property).toBe('code');
    }
    const missing = await inject('POST', '/api/appointments/check-in', {}, t.admin.headers);
    expect(missing.json().errors[0]).toEqual({ property: 'code', message: 'check_in_code_required' });
  });

  it('is for admins only', async () => {
    const a = await bookToday();
    expect((await checkInBy(a.checkInCode, {})).statusCode).toBe(401);
    expect((await checkInBy(a.checkInCode, t.user.headers)).statusCode).toBe(403);
    const row = await t.database.db.select().from(appointments).where(eq(appointments.id, a.id));
    expect(row[0]!.status).toBe('confirmed');
  });

  it('refuses with the reason: another day, cancelled, no-show', async () => {
    const tomorrow = await insert(24 * 60);
    const res = await checkInBy(tomorrow.checkInCode);
    expect(res.statusCode).toBe(409);
    expect(res.json().errors).toEqual([{ property: 'code', message: 'not_today' }]);
    expect(res.json().message).toMatch(/another day/);

    const cancelled = await bookToday();
    await inject('GET', `/api/appointment/by-token/${cancelled.token}/cancel`);
    expect((await checkInBy(cancelled.checkInCode)).json().errors).toEqual([
      { property: 'code', message: 'cancelled' },
    ]);
    // A cancelled appointment shows no code any more.
    expect(
      (await inject('GET', `/api/appointment/${cancelled.id}`, undefined, t.admin.headers)).json(),
    ).toMatchObject({ status: 'cancelled', checkInCode: null });

    // Not overlapping the no-show test's -20 on the same desk: the tests here run in any order.
    const missed = await insert(-35);
    expect(
      (await inject('PATCH', `/api/appointment/${missed.id}`, { newStatus: 'no_show' }, t.admin.headers))
        .statusCode,
    ).toBe(200);
    expect((await checkInBy(missed.checkInCode)).json().errors).toEqual([
      { property: 'code', message: 'no_show' },
    ]);
  });

  it('marks a no-show: admin only, after the start, only from confirmed', async () => {
    // 08:53–09:05: started, yet ending before 09:06, the first slot the API books (another test, in
    // whatever order they run, may have booked it on this desk) and after the -20 one below.
    const started = await insert(-7);
    const patch = (id: number, payload: object, headers: object = t.admin.headers) =>
      inject('PATCH', `/api/appointment/${id}`, payload, headers);
    expect((await patch(started.id, { newStatus: 'no_show' }, {})).statusCode).toBe(401);
    expect((await patch(started.id, { newStatus: 'no_show' }, t.user.headers)).statusCode).toBe(403);
    const withDetails = await patch(started.id, { newStatus: 'no_show', lastName: 'X' });
    expect(withDetails.statusCode).toBe(400);
    expect(withDetails.json().errors).toEqual([{ property: 'lastName', message: 'not_with_no_show' }]);
    const badStatus = await patch(started.id, { newStatus: 'gone' });
    expect(badStatus.json().errors[0].property).toBe('newStatus');

    const later = await insert(240);
    const early = await patch(later.id, { newStatus: 'no_show' });
    expect(early.statusCode).toBe(409);
    expect(early.json().errors).toEqual([{ property: 'newStatus', message: 'not_started' }]);

    const res = await patch(started.id, { newStatus: 'no_show' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: started.id, status: 'no_show', canChange: false });
    expect((await patch(started.id, { newStatus: 'no_show' })).json().errors).toEqual([
      { property: 'newStatus', message: 'no_show' },
    ]);
    expect(await auditOf(started.id)).toMatchObject([
      {
        action: 'appointment_no_show',
        actorUserId: t.admin.userId,
        details: { changes: { status: { before: 'confirmed', after: 'no_show' } } },
      },
    ]);

    const arrived = await insert(-20);
    await checkInBy(arrived.checkInCode);
    expect((await patch(arrived.id, { newStatus: 'no_show' })).json().errors).toEqual([
      { property: 'newStatus', message: 'already_checked_in' },
    ]);
  });

  // Issue 34 item 13 (4): a no-show marked by mistake on today's list can be undone, shortly after only.
  it('undoes a no-show back to confirmed: staff only, within two minutes, audited', async () => {
    const patch = (id: number, payload: object, headers: object = t.admin.headers) =>
      inject('PATCH', `/api/appointment/${id}`, payload, headers);
    const missed = await insert(-100);
    expect((await patch(missed.id, { newStatus: 'no_show' })).statusCode).toBe(200);
    const undo = { newStatus: 'confirmed' };
    // For anyone but staff "confirmed" is a move, which needs its change-hold.
    for (const headers of [{}, t.user.headers])
      expect((await patch(missed.id, undo, headers)).json().errors).toEqual([
        { property: 'reservationId', message: 'required' },
      ]);
    const withDetails = await patch(missed.id, { ...undo, lastName: 'X' });
    expect(withDetails.statusCode).toBe(400);
    expect(withDetails.json().errors).toEqual([{ property: 'lastName', message: 'not_with_undo' }]);
    try {
      vi.setSystemTime(NOW.getTime() + 2 * MINUTE - 1000);
      const res = await patch(missed.id, undo);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ id: missed.id, status: 'confirmed' });
      expect((await auditOf(missed.id)).map((e) => e.action)).toEqual([
        'appointment_no_show',
        'appointment_no_show_undone',
      ]);
      expect((await auditOf(missed.id))[1]).toMatchObject({
        actorUserId: t.admin.userId,
        details: { changes: { status: { before: 'no_show', after: 'confirmed' } } },
      });
      // Checked in after all, as a visitor who was there.
      expect((await checkInBy(missed.checkInCode)).statusCode).toBe(200);

      // Later than two minutes after the no-show it stands.
      const late = await insert(-115);
      expect((await patch(late.id, { newStatus: 'no_show' })).statusCode).toBe(200);
      vi.setSystemTime(NOW.getTime() + 4 * MINUTE + 1000);
      const tooLate = await patch(late.id, undo);
      expect(tooLate.statusCode).toBe(409);
      expect(tooLate.json().errors).toEqual([{ property: 'newStatus', message: 'undo_expired' }]);
      expect(await auditOf(late.id)).toHaveLength(1);
    } finally {
      vi.setSystemTime(NOW);
    }
    // A no-show called at the queue (after a check-in) is not undone here.
    const called = await insert(-145, { status: 'no_show' });
    await t.database.db.insert(auditEvents).values({
      at: NOW,
      action: 'appointment_no_show',
      subjectType: 'appointment',
      subjectId: String(called.id),
      details: { changes: { status: { before: 'checked_in', after: 'no_show' } }, cause: 'queue' },
    });
    expect((await patch(called.id, undo)).json().errors).toEqual([
      { property: 'newStatus', message: 'from_queue' },
    ]);
    // Without a no-show to undo, "confirmed" still needs a change-hold, as before.
    const other = await insert(-130);
    expect((await patch(other.id, undo)).json().errors).toEqual([
      { property: 'reservationId', message: 'required' },
    ]);
  });

  it('lists today with code, desk label and every state but cancelled; filters by desk and name', async () => {
    const mine = await insert(-40, { lastName: 'Öztürk', initials: 'A.', deskId: 1 });
    const gone = await insert(-45, { status: 'cancelled' });
    // Its own no-show and check-in (desk 1, before `mine`), not those other tests may or may not have made.
    await insert(-60, { status: 'no_show', deskId: 1 });
    await insert(-75, { status: 'checked_in', deskId: 1 });
    const get = (query = '') => inject('GET', `/api/appointments/today${query}`, undefined, t.admin.headers);
    const all = (await get()).json();
    const ids = all.map((a: { id: number }) => a.id);
    expect(ids).toContain(mine.id);
    expect(ids).not.toContain(gone.id);
    expect(all.map((a: { status: string }) => a.status)).toEqual(
      expect.arrayContaining(['no_show', 'checked_in']),
    );
    expect(all.find((a: { id: number }) => a.id === mine.id)).toMatchObject({
      checkInCode: mine.checkInCode,
      initials: 'A.',
      lastName: 'Öztürk',
      phone: '+31 20 1234567',
      desk: { id: 1, name: expect.any(String), label: expect.any(String) },
      appointmentItems: [{ product: { id: 1 }, amount: 1 }],
    });
    const starts = all.map((a: { fromDateTime: string }) => Date.parse(a.fromDateTime));
    expect(starts).toEqual([...starts].sort((x, y) => x - y));
    expect((await get('?search=a.%20öz')).json().map((a: { id: number }) => a.id)).toEqual([mine.id]);
    expect((await get('?deskId=1')).json().every((a: { desk: { id: number } }) => a.desk.id === 1)).toBe(
      true,
    );
    expect((await get('?deskId=2')).json().map((a: { id: number }) => a.id)).not.toContain(mine.id);
    expect((await get('?deskId=x')).json().errors[0].property).toBe('deskId');
    expect((await inject('GET', '/api/appointments/today', undefined, t.user.headers)).statusCode).toBe(403);
  });

  it('draws a new code when the database says the code is taken', async () => {
    const taken = (await insert(270)).checkInCode!;
    const fresh = newCheckInCode();
    const offered = [taken, fresh];
    const codes: string[] = [];
    const row = await withFreshCheckInCode(
      (code) => {
        codes.push(code);
        return t.database.db.transaction(async (tx) => {
          const [r] = await tx.select().from(appointments).where(eq(appointments.checkInCode, taken));
          const [copy] = await tx
            .insert(appointments)
            .values({
              ...r!,
              id: undefined,
              reservationId: crypto.randomUUID(),
              // 20:00, when no desk is open: the only clash can be the code's.
              during: {
                from: new Date(NOW.getTime() + 600 * MINUTE),
                until: new Date(NOW.getTime() + 612 * MINUTE),
              },
              checkInCode: code,
            })
            .returning();
          return copy!;
        });
      },
      () => offered.shift()!,
    );
    expect(codes).toEqual([taken, fresh]);
    expect(row.checkInCode).toBe(fresh);
    // A spent code (cancelled, no-show) may be held again by an active appointment.
    await insert(90, { status: 'cancelled', checkInCode: fresh, deskId: 2 });
  });

  it('backfills codes for confirmed and checked-in rows in the migration, without duplicates', async () => {
    const migration = readFileSync(`${MIGRATIONS_FOLDER}/0005_check_in_codes.sql`, 'utf8');
    const backfill = /DO \$\$[\s\S]*?END \$\$;/.exec(migration)![0];
    const a = await insert(300);
    const b = await insert(330, { status: 'checked_in' });
    const c = await insert(360, { status: 'cancelled' });
    await t.app.db.execute(sql`DROP INDEX appointments_check_in_code_active`);
    try {
      // Old rows had no code; two share one, as an unlucky draw would.
      await t.database.db.update(appointments).set({ checkInCode: null }).where(eq(appointments.id, a.id));
      await t.database.db
        .update(appointments)
        .set({ checkInCode: 'XXXXXXXX' })
        .where(sql`${appointments.id} in (${b.id}, ${c.id})`);
      await t.app.db.execute(sql.raw(backfill));
    } finally {
      await t.app.db.execute(
        sql`CREATE UNIQUE INDEX appointments_check_in_code_active ON appointments (check_in_code) WHERE status IN ('confirmed', 'checked_in')`,
      );
    }
    const rows = await t.database.db
      .select()
      .from(appointments)
      .where(sql`${appointments.id} in (${a.id}, ${b.id})`);
    for (const r of rows) expect(r.checkInCode).toMatch(CODE);
    const [dupes] = await queryRows<{ n: number }>(
      t.app.db,
      sql`select count(*)::int as n from (select check_in_code from appointments
          where status in ('confirmed', 'checked_in') group by check_in_code having count(*) > 1) d`,
    );
    expect(dupes!.n).toBe(0);
    const [confirmedWithout] = await queryRows<{ n: number }>(
      t.app.db,
      sql`select count(*)::int as n from appointments where status in ('confirmed', 'checked_in') and check_in_code is null`,
    );
    expect(confirmedWithout!.n).toBe(0);
  });
});
