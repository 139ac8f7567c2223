import { existsSync, mkdirSync, readdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryRows } from '../../db/client.js';
import { auditEvents, outbox, passwordResetTokens, rateLimitHits } from '../../db/schema/index.js';
import { loginAs, testDatabases, useTestApp } from '../../test/index.js';
import { insertAppointment } from '../appointments/test-support.js';
import { availableDays } from '../booking/test-support/helpers.js';
import { appointmentRow } from '../desks/test-support/schedule.js';
import { RETENTION_BATCH, runRetention, type RetentionResult } from './retention.js';
import { bookFor, needlesOf, searchDatabase, sendDueMails, visitor } from './test-support.js';

const START = new Date('2030-03-12T10:00:00+01:00');
const DAY = 24 * 60 * 60_000;

describe.each(testDatabases)('the retention job on %s', (kind) => {
  const t = useTestApp(kind, { now: START });
  afterEach(() => {
    vi.setSystemTime(START);
  });

  const run = (): Promise<RetentionResult> => runRetention(t.app.db, t.config);
  const firstDayFrom = async (from: string) => (await availableDays(t.app)).find((d) => d >= from)!;
  const eventsOf = (id: number) =>
    t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.subjectType, 'appointment'), eq(auditEvents.subjectId, String(id))))
      .orderBy(auditEvents.id);
  const expiredRuns = () =>
    t.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'personal_data_expired'))
      .orderBy(auditEvents.id);

  it('erases what ended or was cancelled longer than 30 days ago, counting a cancellation from its moment, and nothing upcoming', async () => {
    // The other tests (in any order) run the job too: this one counts only the runs it makes.
    const earlierRuns = (await expiredRuns()).length;
    const past = visitor('Past');
    const cancelled = visitor('Cancelled');
    const ahead = visitor('Ahead');
    const soon = await firstDayFrom('2030-03-19');
    const later = await firstDayFrom('2030-05-27');
    const visit = await bookFor(t.app, soon, 0, past);
    const dropped = await bookFor(t.app, soon, 1, cancelled);
    const upcoming = await bookFor(t.app, later, 0, ahead);
    // A change of details puts the old and new name in the audit trail.
    const patched = await t.call('PATCH', `/api/appointment/${visit.id}`, null, {
      token: visit.token,
      lastName: `${past.lastName}-Old`,
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect((await t.call('GET', `/api/appointment/by-token/${dropped.token}/cancel`)).statusCode).toBe(200);

    // 30 days and an hour after the cancellation; the visit ended only 23 days before.
    vi.setSystemTime(new Date(START.getTime() + 30 * DAY + 60 * 60_000));
    expect((await run()).appointments).toBe(1);
    const droppedRow = await appointmentRow(t.database.db, dropped.id);
    expect(droppedRow).toMatchObject({
      initials: null,
      suffix: null,
      lastName: null,
      email: null,
      phone: null,
      checkInCode: null,
      tokenHash: null,
      tokenNonce: null,
      status: 'cancelled',
    });
    expect(droppedRow.erasedAt).not.toBeNull();
    expect((await appointmentRow(t.database.db, visit.id)).lastName).toBe(`${past.lastName}-Old`);

    // A minute after the visit's end plus 30 days.
    vi.setSystemTime(new Date(new Date(visit.untilDateTime).getTime() + 30 * DAY + 60_000));
    const admin = await loginAs(t.app, 'admin');
    expect((await run()).appointments).toBe(1);
    const seen = await t.call('GET', `/api/appointment/${visit.id}`, admin);
    expect(seen.statusCode).toBe(200);
    // What stays feeds lists, history and statistics; who it was is gone.
    expect(seen.json()).toMatchObject({
      id: visit.id,
      status: 'confirmed',
      fromDateTime: visit.fromDateTime,
      desk: { id: visit.desk.id },
      appointmentItems: visit.appointmentItems,
      initials: '',
      lastName: '',
      email: '',
      phone: '',
      checkInCode: null,
      personalDataErased: true,
    });
    // The mailed link no longer opens anything.
    expect((await t.call('GET', `/api/appointment/by-token/${visit.token}`)).statusCode).toBe(404);
    const events = await eventsOf(visit.id);
    expect(events.map((e) => e.action)).toEqual(['appointment_created', 'appointment_updated']);
    for (const event of events) {
      expect(event.ip).toBeNull();
      expect(JSON.stringify(event.details)).not.toContain(past.lastName);
      expect(JSON.stringify(event.details)).not.toContain(past.email);
    }
    expect((events[1]!.details as { changes: unknown }).changes).toEqual({
      lastName: { before: null, after: null },
    });
    const history = await t.call('GET', `/api/appointment/${visit.id}/history`, admin);
    expect(history.json()).toHaveLength(2);

    // The one ahead is untouched, and its history too.
    const aheadRow = await appointmentRow(t.database.db, upcoming.id);
    expect(aheadRow).toMatchObject({ lastName: ahead.lastName, email: ahead.email, erasedAt: null });
    expect(JSON.stringify((await eventsOf(upcoming.id))[0]!.details)).toContain(ahead.lastName);

    // Twice is once: nothing is left to erase.
    expect((await run()).appointments).toBe(0);
    const runs = (await expiredRuns()).slice(earlierRuns);
    expect(runs.map((r) => r.actorUserId)).toEqual([null, null]);
    expect(runs.reduce((n, r) => n + Number(r.details?.appointments), 0)).toBe(2);
  });

  it('scrubs the history of a deleted appointment once the period has passed since', async () => {
    const gone = visitor('Deleted');
    const booked = await bookFor(t.app, await firstDayFrom('2030-04-01'), 2, gone);
    const admin = await loginAs(t.app, 'admin');
    expect((await t.call('DELETE', `/api/appointment/${booked.id}`, admin)).statusCode).toBe(204);
    expect((await run()).auditEvents).toBe(0);
    vi.setSystemTime(new Date(START.getTime() + 31 * DAY));
    await run();
    const events = await eventsOf(booked.id);
    expect(events.map((e) => e.action)).toEqual(['appointment_created', 'appointment_deleted']);
    expect(JSON.stringify(events)).not.toContain(gone.lastName);
    expect(JSON.stringify(events)).not.toContain(gone.phone);
  });

  it('deletes sent and dead mails, expired tokens, spent rate-limit hits and old mail files', async () => {
    const db = t.database.db;
    const [sent] = await db
      .insert(outbox)
      .values({ kind: 'appointment-confirmation', payload: { appointmentId: 1 }, sentAt: START })
      .returning();
    const [dead] = await db
      .insert(outbox)
      .values({
        kind: 'appointment-confirmation',
        payload: { appointmentId: 2 },
        createdAt: new Date(START.getTime() - 31 * DAY),
        lastError: 'server unreachable: [e-mail address]',
      })
      .returning();
    const [waiting] = await db
      .insert(outbox)
      .values({ kind: 'appointment-confirmation', payload: { appointmentId: 3 }, createdAt: START })
      .returning();
    const [user] = await queryRows<{ id: number }>(db, sql`SELECT id FROM users ORDER BY id LIMIT 1`);
    await db.insert(passwordResetTokens).values([
      { userId: user!.id, tokenHash: 'expired-hash', nonce: 'n1', expiresAt: new Date(START.getTime() - 1) },
      { userId: user!.id, tokenHash: 'valid-hash', nonce: 'n2', expiresAt: new Date(START.getTime() + DAY) },
    ]);
    // Rate-limit windows run on the database's clock.
    await db.execute(
      sql`INSERT INTO rate_limit_hits (bucket, key, at) VALUES
            ('forgot-password', 'old@privacy.example', now() - interval '2 hours'),
            ('forgot-password', 'new@privacy.example', now()),
            ('mfa-wrong-code', 'day-old-window', now() - interval '2 hours')`,
    );
    const dir = path.join(t.config.dataDir, 'mail');
    mkdirSync(dir, { recursive: true });
    const oldFile = path.join(dir, 'old.eml');
    const newFile = path.join(dir, 'new.eml');
    writeFileSync(oldFile, 'To: old@privacy.example');
    writeFileSync(newFile, 'To: new@privacy.example');
    utimesSync(oldFile, new Date(START.getTime() - 31 * DAY), new Date(START.getTime() - 31 * DAY));
    utimesSync(newFile, new Date(START.getTime() - 29 * DAY), new Date(START.getTime() - 29 * DAY));

    const result = await run();
    expect(result.mailFiles).toBe(1);
    const left = (await db.select({ id: outbox.id }).from(outbox)).map((r) => r.id);
    expect(left).toContain(waiting!.id);
    expect(left).not.toContain(sent!.id);
    expect(left).not.toContain(dead!.id);
    const tokens = await db.select({ hash: passwordResetTokens.tokenHash }).from(passwordResetTokens);
    expect(tokens.map((r) => r.hash)).toEqual(['valid-hash']);
    const hits = await db.select({ key: rateLimitHits.key }).from(rateLimitHits);
    expect(hits.map((h) => h.key)).toContain('new@privacy.example');
    expect(hits.map((h) => h.key)).not.toContain('old@privacy.example');
    // Each bucket by its own window: two-step sign-in's wrong codes count for a day (decision 0418).
    expect(hits.map((h) => h.key)).toContain('day-old-window');
    expect([existsSync(oldFile), existsSync(newFile)]).toEqual([false, true]);
  });

  it('follows the organisation’s retention period', async () => {
    const admin = await loginAs(t.app, 'admin');
    expect(
      (await t.call('PATCH', '/api/organisation', admin, { retentionDays: 90 })).json().retentionDays,
    ).toBe(90);
    const kept = visitor('Ninety');
    const booked = await bookFor(t.app, await firstDayFrom('2030-03-20'), 3, kept);
    vi.setSystemTime(new Date(new Date(booked.untilDateTime).getTime() + 60 * DAY));
    await run();
    expect((await appointmentRow(t.database.db, booked.id)).lastName).toBe(kept.lastName);
    vi.setSystemTime(new Date(new Date(booked.untilDateTime).getTime() + 90 * DAY + 60_000));
    await run();
    expect((await appointmentRow(t.database.db, booked.id)).lastName).toBeNull();
    await t.call('PATCH', '/api/organisation', await loginAs(t.app, 'admin'), { retentionDays: 30 });
  });

  it('leaves nothing of a visitor anywhere in the database once the period has passed', async () => {
    const guest = visitor('Expired');
    const first = await bookFor(t.app, await firstDayFrom('2030-03-25'), 4, guest);
    const second = await bookFor(t.app, await firstDayFrom('2030-03-26'), 4, guest);
    await t.call('PATCH', `/api/appointment/${first.id}`, null, { token: first.token, phone: guest.phone });
    await t.call('PATCH', `/api/appointment/${first.id}`, null, {
      token: first.token,
      lastName: `${guest.lastName}-Was`,
    });
    expect((await t.call('GET', `/api/appointment/by-token/${second.token}/cancel`)).statusCode).toBe(200);
    await sendDueMails(t.database.db, t.config);
    const mailDir = path.join(t.config.dataDir, 'mail');
    const mailFiles = () =>
      readdirSync(mailDir).filter((f) => readFileSync(path.join(mailDir, f), 'utf8').includes(guest.email));
    expect(mailFiles().length).toBeGreaterThanOrEqual(2);
    expect(await searchDatabase(t.database.db, needlesOf(guest))).not.toEqual([]);

    vi.setSystemTime(new Date(new Date(first.untilDateTime).getTime() + 31 * DAY));
    await run();
    expect(await searchDatabase(t.database.db, needlesOf(guest))).toEqual([]);
    // The sent mails' copies (the file transport's .eml files) went with them.
    expect(mailFiles()).toEqual([]);
  });

  it('deletes the mail files of the appointments it erases however new they are, and keeps the others', async () => {
    const gone = visitor('FileGone');
    const kept = visitor('FileKept');
    const expiring = await bookFor(t.app, await firstDayFrom('2030-03-27'), 5, gone);
    const ahead = await bookFor(t.app, await firstDayFrom('2030-06-03'), 5, kept);
    await sendDueMails(t.database.db, t.config);
    const mailDir = path.join(t.config.dataDir, 'mail');
    const filesNaming = (needle: string) =>
      readdirSync(mailDir).filter((f) => readFileSync(path.join(mailDir, f), 'utf8').includes(needle));
    // A mail written after the appointment's end (a late send): younger than the period when its
    // appointment is erased. Every file here looks that young.
    const runAt = new Date(new Date(expiring.untilDateTime).getTime() + 31 * DAY);
    for (const f of readdirSync(mailDir)) utimesSync(path.join(mailDir, f), runAt, runAt);
    expect(filesNaming(gone.email)).toHaveLength(1);

    vi.setSystemTime(runAt);
    const result = await run();
    expect((await appointmentRow(t.database.db, expiring.id)).erasedAt).not.toBeNull();
    expect(result.mailFiles).toBeGreaterThanOrEqual(1);
    expect(filesNaming(gone.email)).toEqual([]);
    expect(filesNaming(kept.email)).toHaveLength(1);
    expect((await appointmentRow(t.database.db, ahead.id)).erasedAt).toBeNull();
  });

  it('lets the server answer between its batches (on PGlite a query runs on the server’s own thread)', async () => {
    // A backlog of three batches, as after an upgrade. The server's next turn of its event loop (here:
    // a callback queued before the run) must come while the run is still at work, not after the last
    // batch: on PGlite every batch resolved without one, so a server with a year's backlog did not even
    // listen for 90 s (the bench's embedded data set).
    const due = 2 * RETENTION_BATCH + 1;
    await t.database.db.execute(sql`
      INSERT INTO appointments (reservation_id, status, desk_id, during, group_key, last_name)
      SELECT gen_random_uuid(), 'no_show', 1,
             tstzrange(${new Date(START.getTime() - 40 * DAY).toISOString()}::timestamptz,
                       ${new Date(START.getTime() - 40 * DAY + 12 * 60_000).toISOString()}::timestamptz),
             gen_random_uuid(), 'Backlog' || g
        FROM generate_series(1, ${due}::int) AS g`);
    const serverTurn = new AbortController();
    setImmediate(() => serverTurn.abort());
    const first = await runRetention(t.app.db, t.config, new Date(), serverTurn.signal);
    expect(first.appointments).toBeLessThan(due);
    expect((await run()).appointments).toBe(due - first.appointments);
  });

  it('stops before its next batch once the server closes, and the next run goes on', async () => {
    const due = await insertAppointment(t.database.db, new Date(START.getTime() - 40 * DAY), {
      status: 'no_show',
      lastName: 'Stopped',
    });
    const closing = new AbortController();
    closing.abort();
    expect((await runRetention(t.app.db, t.config, new Date(), closing.signal)).appointments).toBe(0);
    expect((await appointmentRow(t.database.db, due.id)).lastName).toBe('Stopped');
    expect((await run()).appointments).toBeGreaterThanOrEqual(1);
    expect((await appointmentRow(t.database.db, due.id)).lastName).toBeNull();
  });
});
