import { eq, gt, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Appointment } from '@balie/shared';
import { buildApp } from '../../app.js';
import { organisation, outbox } from '../../db/schema/index.js';
import { rendererOf } from '../../mail/registry.js';
import { createMailTransport, type MailTransport } from '../../mail/transport.js';
import { MailWorker } from '../../mail/worker.js';
import { loginAs, testDatabases, useTestApp } from '../../test/index.js';
import { TestSmtp } from '../../test/smtp.js';
import { confirm, holdOk, slotsOn } from '../booking/test-support/helpers.js';
import { APPOINTMENT_MAIL } from './mail-templates/kinds.js';
import { enqueueDueReminders } from './mail-templates/reminders.js';

/** Monday 11 March 2030, 09:00 in Amsterdam: the test clock (never the wall clock). */
const MONDAY = new Date('2030-03-11T09:00:00+01:00');
const HOUR = 3600_000;
const at = (hoursAfterMonday: number) => new Date(MONDAY.getTime() + hoursAfterMonday * HOUR);

describe.each(testDatabases)('reminders that ask on %s', (kind) => {
  const t = useTestApp(kind, { sessions: ['admin'], now: MONDAY });
  let visitor = 0;

  /** A confirmed appointment at the first free slot of `date` (Friday by default), for a new address. */
  async function book(date = '2030-03-15', slot = 0) {
    const slots = await slotsOn(t.app, date);
    const hold = await holdOk(t.app, slots[slot]!.beginTime);
    const res = await confirm(t.app, hold.id, { email: `reminded-${kind}-${++visitor}@example.org` });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<Appointment & { token: string }>();
  }
  const remindersOf = async (id: number) =>
    (
      await t.database.db
        .select()
        .from(outbox)
        .where(sql`${outbox.payload}->>'appointmentId' = ${String(id)}`)
    ).filter((m) => m.kind === APPOINTMENT_MAIL.reminder);
  const render = (payload: Record<string, unknown>) =>
    rendererOf(APPOINTMENT_MAIL.reminder)!(payload, { db: t.app.db, config: t.config });
  async function setReminders(hours: number[]) {
    const res = await t.call('PATCH', '/api/organisation', await loginAs(t.app, 'admin'), {
      reminders: hours.map((hoursBefore) => ({ hoursBefore })),
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ reminders: Array<{ hoursBefore: number }> }>().reminders;
  }

  beforeAll(async () => {
    // Each test queues for its own appointments; the clock moves forward within a test only.
    await t.database.db.delete(outbox).where(gt(outbox.id, 0));
  });

  it('keeps 0–2 reminders of 1–336 hours, each once, the earliest first; one at 24 hours by default', async () => {
    expect((await t.call('GET', '/api/organisation')).json().reminders).toEqual([{ hoursBefore: 24 }]);
    for (const [reminders, property] of [
      [[{ hoursBefore: 1 }, { hoursBefore: 2 }, { hoursBefore: 3 }], 'reminders'],
      [[{ hoursBefore: 0 }], 'reminders.0.hoursBefore'],
      [[{ hoursBefore: 337 }], 'reminders.0.hoursBefore'],
      [[{ hoursBefore: 1.5 }], 'reminders.0.hoursBefore'],
      [[{ hoursBefore: 24 }, { hoursBefore: 24 }], 'reminders'],
    ] as const) {
      const res = await t.call('PATCH', '/api/organisation', t.admin, { reminders });
      expect(res.statusCode, JSON.stringify(reminders)).toBe(400);
      expect(res.json().errors.map((e: { property: string }) => e.property)).toContain(property);
    }
    expect(await setReminders([24, 72])).toEqual([{ hoursBefore: 72 }, { hoursBefore: 24 }]);
    expect(await setReminders([])).toEqual([]);
    expect((await t.call('PATCH', '/api/organisation', null, { reminders: [] })).statusCode).toBe(401);
  });

  it('sends two reminders, none after "Ik kom", and nothing at all when the organisation wants none', async () => {
    await setReminders([72, 24]);
    const quiet = await book('2030-03-15', 0);
    const asks = await book('2030-03-15', 1);
    const start = new Date(asks.fromDateTime).getTime();
    // Friday's slots start at 08:30 and 08:42: 72 hours before is Tuesday morning.
    expect(await enqueueDueReminders(t.app.db, at(1))).toBe(0);
    const tuesday = new Date(start - 72 * HOUR + 60_000);
    expect(await enqueueDueReminders(t.app.db, tuesday)).toBe(2);
    expect(await enqueueDueReminders(t.app.db, new Date(tuesday.getTime() + HOUR))).toBe(0);
    expect(await remindersOf(asks.id)).toHaveLength(1);

    // The first reminder's mail: "Ik kom" and "Ik kan niet" as links with the appointment's token.
    vi.setSystemTime(tuesday);
    const [first] = await remindersOf(asks.id);
    const mail = (await render(first!.payload as Record<string, unknown>))!;
    expect(mail.text).toContain(`Ik kom: ${t.config.publicUrl}/confirm-appointment/${asks.token}`);
    expect(mail.text).toContain(`Ik kan niet: ${t.config.publicUrl}/cancel-appointment/${asks.token}`);
    expect(mail.text).toContain('Wij herinneren u aan uw afspraak op');
    expect(mail.html).toContain(`/confirm-appointment/${asks.token}`);

    // "Ik kom": one click, no sign-in; a second click changes nothing.
    const yes = await t.call('GET', `/api/appointment/by-token/${asks.token}/confirm`);
    expect(yes.statusCode, yes.body).toBe(200);
    const confirmedAt = yes.json<Appointment>().visitorConfirmedAt;
    expect(confirmedAt).not.toBeNull();
    vi.setSystemTime(new Date(tuesday.getTime() + HOUR));
    const again = await t.call('GET', `/api/appointment/by-token/${asks.token}/confirm`);
    expect(again.json<Appointment>().visitorConfirmedAt).toBe(confirmedAt);
    // Audited once; staff (signed in now: the clock moved a day) see it on the appointment.
    const admin = await loginAs(t.app, 'admin');
    const history = await t.call('GET', `/api/appointment/${asks.id}/history`, admin);
    expect(history.statusCode, history.body).toBe(200);
    expect(JSON.stringify(history.json()).match(/appointment_visitor_confirmed/g)).toHaveLength(1);
    const seen = await t.call('GET', `/api/appointment/${asks.id}`, admin);
    expect(seen.json<Appointment>().visitorConfirmedAt).toBe(confirmedAt);

    // 24 hours before: only the visitor who did not answer is reminded again.
    const thursday = new Date(start - 24 * HOUR + 60_000);
    expect(await enqueueDueReminders(t.app.db, thursday)).toBe(1);
    expect(await remindersOf(asks.id)).toHaveLength(1);
    expect(await remindersOf(quiet.id)).toHaveLength(2);
    // A reminder queued before the click is not sent after it.
    expect(await render({ appointmentId: asks.id })).toBeNull();

    await setReminders([]);
    const none = await book('2030-03-15', 2);
    expect(await enqueueDueReminders(t.app.db, new Date(start - HOUR))).toBe(0);
    expect(await remindersOf(none.id)).toHaveLength(0);
    vi.setSystemTime(MONDAY);
  });

  it('skips a moved appointment’s old reminder and reminds it at its new time; a cancelled one never', async () => {
    await setReminders([24]);
    const moved = await book('2030-03-13', 0);
    const cancelled = await book('2030-03-13', 1);
    const start = new Date(moved.fromDateTime).getTime();
    const later = new Date(cancelled.fromDateTime).getTime();
    const dayBefore = new Date(later - 24 * HOUR + 60_000);
    expect(await enqueueDueReminders(t.app.db, dayBefore)).toBe(2);
    const [old] = await remindersOf(moved.id);
    expect(old!.payload).toMatchObject({ startsAt: new Date(start).toISOString() });

    // The visitor confirmed, then moves to Friday: the old reminder is void, and so is the "Ik kom".
    vi.setSystemTime(dayBefore);
    await t.call('GET', `/api/appointment/by-token/${moved.token}/confirm`);
    const friday = (await slotsOn(t.app, '2030-03-15'))[5]!;
    const hold = await holdOk(t.app, friday.beginTime, { appointmentId: moved.id, token: moved.token });
    const patch = await t.call('PATCH', `/api/appointment/${moved.id}`, null, {
      reservationId: hold.id,
      newStatus: 'confirmed',
      token: moved.token,
    });
    expect(patch.statusCode, patch.body).toBe(200);
    expect(patch.json<Appointment>().visitorConfirmedAt).toBeNull();
    expect(await render(old!.payload as Record<string, unknown>)).toBeNull();
    const newStart = new Date(friday.beginTime).getTime();
    expect(await enqueueDueReminders(t.app.db, new Date(start + HOUR))).toBe(0);
    await enqueueDueReminders(t.app.db, new Date(newStart - 24 * HOUR + 60_000));
    const [, fresh, extra] = await remindersOf(moved.id);
    expect(extra).toBeUndefined();
    expect(fresh!.payload).toMatchObject({ startsAt: new Date(newStart).toISOString() });
    vi.setSystemTime(new Date(newStart - 24 * HOUR + 60_000));
    expect(await render(fresh!.payload as Record<string, unknown>)).not.toBeNull();

    // Cancelled after its reminder was queued: the reminder is not sent, and "Ik kom" is refused.
    vi.setSystemTime(dayBefore);
    expect((await t.call('GET', `/api/appointment/by-token/${cancelled.token}/cancel`)).statusCode).toBe(200);
    const [queued] = await remindersOf(cancelled.id);
    expect(await render(queued!.payload as Record<string, unknown>)).toBeNull();
    const refused = await t.call('GET', `/api/appointment/by-token/${cancelled.token}/confirm`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('change_not_possible');
    expect((await t.call('GET', `/api/appointment/by-token/${'x'.repeat(43)}/confirm`)).statusCode).toBe(404);
    vi.setSystemTime(MONDAY);
  });
});

/**
 * Several processes on one PostgreSQL (DESIGN §7): two apps with pools of their own queue a reminder at the
 * same moment, and a worker killed while sending it; the reminder reaches the visitor once.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('a reminder across processes on PostgreSQL', () => {
  let smtp: TestSmtp;
  beforeAll(async () => {
    smtp = await TestSmtp.create();
    await smtp.up();
  });
  afterAll(() => smtp?.close());
  const t = useTestApp('postgres', () => ({ now: MONDAY, env: { SMTP_URL: smtp.url } }));
  const transports: MailTransport[] = [];
  afterAll(() => transports.forEach((tr) => tr.close()));

  it('queues it once when two processes look at once, and sends it once after the sender died', async () => {
    await t.database.db
      .update(organisation)
      .set({ reminders: [{ hoursBefore: 24 }] })
      .where(eq(organisation.id, 1));
    const slots = await slotsOn(t.app, '2030-03-13');
    const hold = await holdOk(t.app, slots[0]!.beginTime);
    const res = await confirm(t.app, hold.id, { email: 'once@example.org' });
    const a = res.json<Appointment>();
    await t.database.db.delete(outbox).where(gt(outbox.id, 0));
    const second = await buildApp({ config: t.config, database: t.database, webRoot: null });
    const due = new Date(new Date(a.fromDateTime).getTime() - 23 * HOUR);
    try {
      const counts = await Promise.all(
        Array.from({ length: 6 }, (_, i) => enqueueDueReminders(i % 2 ? second.db : t.app.db, due)),
      );
      expect(counts.reduce((x, y) => x + y, 0)).toBe(1);
    } finally {
      await second.close();
    }
    vi.setSystemTime(due);
    // A worker stuck in its send with its clock frozen: to the database, a process that was killed.
    const sends: Array<(e: Error) => void> = [];
    const stuck: MailTransport = {
      send: () => new Promise((_, reject) => sends.push(reject)),
      close: () => undefined,
    };
    const dead = new MailWorker({ db: t.database.db, config: t.config, transport: stuck, now: () => due });
    const deadPass = dead.runOnce();
    await vi.waitFor(() => expect(sends).toHaveLength(1), { timeout: 10_000 });
    const live = (ms: number) => {
      const transport = createMailTransport(t.config, () => undefined);
      transports.push(transport);
      return new MailWorker({
        db: t.database.db,
        config: t.config,
        transport,
        now: () => new Date(due.getTime() + ms),
      });
    };
    expect((await live(10_000).runOnce()).sent).toBe(0);
    expect((await live(61_000).runOnce()).sent).toBe(1);
    expect((await live(120_000).runOnce()).sent).toBe(0);
    sends[0]!(new Error('killed'));
    await deadPass;
    await dead.stop();
    expect(smtp.inbox.filter((m) => m.to.includes('once@example.org'))).toHaveLength(1);
    vi.setSystemTime(MONDAY);
  });
});
