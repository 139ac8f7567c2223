import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appointments, outbox, overflowPeriods, rateLimitHits } from '../../db/schema/index.js';
import { createMailTransport } from '../../mail/transport.js';
import { MailWorker } from '../../mail/worker.js';
import { openDatabase, type Database } from '../../db/client.js';
import { TEST_SECRET, testConfig, useTestApp } from '../../test/index.js';
import { TestSmtp } from '../../test/smtp.js';
import { ITEMS, PERSON, someSlots } from './test-support/helpers.js';
import { sendTo, startProcessesFor, type ServerProcess } from './test-support/processes.js';

/**
 * The invariant of DESIGN §4 under real concurrency: PostgreSQL only (PGlite runs one transaction at a
 * time and would hide every race), with requests spread over two API server processes.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'booking under concurrency, two processes on PostgreSQL',
  () => {
    const t = useTestApp('postgres');
    let servers: ServerProcess[] = [];
    let quotaDate = '';

    beforeAll(async () => {
      // A period that holds back 80 % of both desks' mornings on one date: 210 open minutes → 42 bookable.
      const { date } = await someSlots(t.app, 4);
      quotaDate = date;
      await t.database.db.insert(overflowPeriods).values(
        [1, 2].map((deskId) => ({
          deskId,
          fromDate: date,
          untilDate: date,
          morning: 80,
          afternoon: 0,
          evening: 0,
        })),
      );
      servers = await startProcessesFor(t);
    });
    afterAll(() => Promise.all(servers.map((s) => s.stop())));

    const post = (i: number, path: string, body: unknown) => sendTo(servers, i, 'POST', path, body);
    const resetRateLimit = () => t.database.db.delete(rateLimitHits).where(sql`true`);

    it('leaves every visitor who loses a race for a new slot the hold they had', async () => {
      await resetRateLimit();
      const { slots } = await someSlots(t.app, 7);
      const own = await Promise.all(
        Array.from({ length: 20 }, async (_, i) => {
          const res = await post(i, '/appointment/make-reservation', {
            appointmentItems: ITEMS,
            fromDateTime: slots[10 + i]!.beginTime,
          });
          expect(res.status).toBe(201);
          return ((await res.json()) as { id: string }).id;
        }),
      );
      // Everyone switches to the same start at once, naming the hold it replaces.
      const answers = await Promise.all(
        own.map((id, i) =>
          post(i, '/appointment/make-reservation', {
            appointmentItems: ITEMS,
            fromDateTime: slots[0]!.beginTime,
            replacesReservationId: id,
          }),
        ),
      );
      const statuses = answers.map((a) => a.status);
      expect(statuses.filter((s) => s === 201)).toHaveLength(2);
      const losers = own.filter((_, i) => statuses[i] === 409);
      expect(losers).toHaveLength(18);
      const kept = await t.database.db
        .select({ id: appointments.reservationId })
        .from(appointments)
        .where(and(inArray(appointments.reservationId, losers), eq(appointments.status, 'reserved')));
      expect(kept).toHaveLength(18);
    });

    it('gives 100 simultaneous holds on one slot at most one per desk, and 409 to the rest', async () => {
      await resetRateLimit();
      const { slots } = await someSlots(t.app, 2);
      const slot = slots[0]!;
      const answers = await Promise.all(
        Array.from({ length: 100 }, (_, i) =>
          post(i, '/appointment/make-reservation', { appointmentItems: ITEMS, fromDateTime: slot.beginTime }),
        ),
      );
      const statuses = answers.map((a) => a.status);
      expect(statuses.filter((s) => s === 201)).toHaveLength(2);
      expect(statuses.filter((s) => s === 409)).toHaveLength(98);
      const bodies = (await Promise.all(
        answers.filter((a) => a.status === 201).map((a) => a.json()),
      )) as Array<{
        desk: { id: number };
      }>;
      expect(new Set(bodies.map((b) => b.desk.id))).toEqual(new Set([1, 2]));
      const active = await t.database.db
        .select({ deskId: appointments.deskId, n: sql<number>`count(*)::int` })
        .from(appointments)
        .where(
          sql`${appointments.during} && tstzrange(${slot.beginTime}::timestamptz, ${slot.endTime}::timestamptz)`,
        )
        .groupBy(appointments.deskId);
      expect(active.every((r) => r.n === 1)).toBe(true);
    });

    it('makes one appointment when one hold is confirmed twice at once, with one mail', async () => {
      await resetRateLimit();
      const { slots } = await someSlots(t.app, 3);
      const held = await post(0, '/appointment/make-reservation', {
        appointmentItems: ITEMS,
        fromDateTime: slots[0]!.beginTime,
      });
      const { id } = (await held.json()) as { id: string };
      const answers = await Promise.all(
        [0, 1, 0, 1].map((i) => post(i, '/appointment', { reservationId: id, ...PERSON })),
      );
      expect(answers.map((a) => a.status)).toEqual([201, 201, 201, 201]);
      const bodies = (await Promise.all(answers.map((a) => a.json()))) as Array<{
        id: number;
        token: string;
      }>;
      expect(new Set(bodies.map((b) => b.id)).size).toBe(1);
      expect(new Set(bodies.map((b) => b.token)).size).toBe(1);
      const mails = await t.database.db
        .select()
        .from(outbox)
        .where(sql`${outbox.payload}->>'appointmentId' = ${String(bodies[0]!.id)}`);
      expect(mails).toHaveLength(1);
    });

    it('never exceeds a quota when many holds race for one morning', async () => {
      await resetRateLimit();
      const slots = (
        (await (await post(0, '/timeslots', { appointmentItems: ITEMS, date: quotaDate })).json()) as Array<{
          beginTime: string;
        }>
      ).filter((s) => s.beginTime.slice(11, 13) < '12');
      expect(slots.length).toBeGreaterThan(6);
      const answers = await Promise.all(
        slots.flatMap((s, i) =>
          [i, i + 1].map((n) =>
            post(n, '/appointment/make-reservation', { appointmentItems: ITEMS, fromDateTime: s.beginTime }),
          ),
        ),
      );
      expect(answers.every((a) => a.status === 201 || a.status === 409)).toBe(true);
      const perDesk = await t.database.db
        .select({
          deskId: appointments.deskId,
          minutes: sql<number>`sum(extract(epoch FROM upper(during) - lower(during)) / 60)::int`,
        })
        .from(appointments)
        .where(
          and(
            eq(appointments.status, 'reserved'),
            sql`lower(${appointments.during}) >= ${`${quotaDate}T00:00:00`}::timestamp AT TIME ZONE 'Europe/Amsterdam'`,
            sql`lower(${appointments.during}) < ${`${quotaDate}T12:00:00`}::timestamp AT TIME ZONE 'Europe/Amsterdam'`,
          ),
        )
        .groupBy(appointments.deskId);
      expect(perDesk.length).toBeGreaterThan(0);
      for (const d of perDesk) expect(d.minutes).toBeLessThanOrEqual(42);
      expect(answers.filter((a) => a.status === 201).length).toBe(
        perDesk.reduce((n, d) => n + d.minutes / 12, 0),
      );
    });

    it('delivers every booking mail exactly once to an SMTP server that is down and then comes up', async () => {
      await resetRateLimit();
      await t.database.db.update(outbox).set({ sentAt: new Date() }).where(isNull(outbox.sentAt));
      const smtp = await TestSmtp.create();
      const config = testConfig({
        SMTP_URL: smtp.url,
        JWT_SECRET: TEST_SECRET,
        PUBLIC_URL: 'http://balie.test',
      });
      const { slots } = await someSlots(t.app, 6);
      const expected: string[] = [];
      for (let i = 0; i < 5; i++) {
        const held = await post(i, '/appointment/make-reservation', {
          appointmentItems: ITEMS,
          fromDateTime: slots[i]!.beginTime,
        });
        const { id } = (await held.json()) as { id: string };
        const res = await post(i + 1, '/appointment', {
          reservationId: id,
          ...PERSON,
          email: `guest${i}@example.org`,
        });
        expect(res.status).toBe(201);
        expected.push(`guest${i}@example.org`);
        if (i === 0) {
          // Cancelled before its confirmation went out: that confirmation is skipped, the cancellation sent.
          const { token } = (await res.json()) as { token: string };
          expect((await fetch(`${servers[1]!.url}/api/appointment/by-token/${token}/cancel`)).status).toBe(
            200,
          );
        }
      }
      // Two workers on two connection pools, as two API processes would run them.
      const second: Database = await openDatabase(
        { databaseUrl: t.database.url, dataDir: '' },
        { poolSize: 2 },
      );
      const workers = [t.app.db, second.db].map(
        (db) =>
          new MailWorker({
            db,
            config,
            transport: createMailTransport(config),
            backoffBaseMs: 50,
            maxBackoffMs: 200,
          }),
      );
      try {
        const down = await Promise.all(workers.map((w) => w.runOnce()));
        expect(down.reduce((n, r) => n + r.failed, 0)).toBe(5);
        expect(down.reduce((n, r) => n + r.skipped, 0)).toBe(1);
        expect(down.reduce((n, r) => n + r.sent, 0)).toBe(0);

        await smtp.up();
        for (let round = 0; round < 50; round++) {
          await new Promise((r) => setTimeout(r, 100));
          await Promise.all(workers.map((w) => w.runOnce()));
          const pending = await t.database.db
            .select({ id: outbox.id })
            .from(outbox)
            .where(isNull(outbox.sentAt));
          if (pending.length === 0) break;
        }
        expect(smtp.inbox.flatMap((m) => m.to).sort()).toEqual(expected.sort());
        const rows = await t.database.db
          .select()
          .from(outbox)
          .where(inArray(outbox.kind, ['appointment-confirmation', 'appointment-cancellation']));
        expect(rows.every((r) => r.sentAt !== null)).toBe(true);
      } finally {
        await Promise.all(workers.map((w) => w.stop()));
        await second.close();
        await smtp.close();
      }
    });
  },
);
