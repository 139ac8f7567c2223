import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Appointment, Reservation } from '@balie/shared';
import { queryRows } from '../../db/client.js';
import { appointments } from '../../db/schema/index.js';
import { testDatabases, useTestApp, type TestAppContext } from '../../test/index.js';
import { confirm, holdOk, someSlots } from '../booking/test-support/helpers.js';
import { insertAppointment } from './test-support.js';

/** Queued mails to `address` (any case): what the limit protects. */
async function mailsTo(t: TestAppContext, address: string): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    t.database.db,
    sql`SELECT count(*)::int AS n FROM outbox o JOIN appointments a ON a.id = (o.payload->>'appointmentId')::int
         WHERE lower(a.email) = lower(${address})`,
  );
  return row!.n;
}

describe.each(testDatabases)('confirmed appointments per e-mail address (DESIGN §6) on %s', (kind) => {
  const t = useTestApp(kind, { sessions: ['admin'] });
  let day = 2;

  /** A hold on a day of its own (so that holds never compete). */
  async function freshHold(): Promise<Reservation> {
    const { slots } = await someSlots(t.app, day++);
    return holdOk(t.app, slots[0]!.beginTime);
  }
  async function book(email: string, headers = {}): Promise<Appointment> {
    const res = await confirm(t.app, (await freshHold()).id, { email }, headers);
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  }

  it('confirms five ahead for one address (any case), then answers 409 too_many_appointments without mail, freeing the hold', async () => {
    const booked: Appointment[] = [];
    for (const email of [
      'stranger@example.org',
      'Stranger@example.org',
      'STRANGER@EXAMPLE.ORG',
      'stranger@Example.org',
      'stranger@example.org',
    ])
      booked.push(await book(email));
    expect(await mailsTo(t, 'stranger@example.org')).toBe(5);

    const sixth = await freshHold();
    const refused = await confirm(t.app, sixth.id, { email: 'stranger@EXAMPLE.org' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'too_many_appointments' });
    expect(await mailsTo(t, 'stranger@example.org')).toBe(5);
    // The hold is released at once: gone from the database, and its place can be held again.
    expect(
      await t.database.db.select().from(appointments).where(eq(appointments.reservationId, sixth.id)),
    ).toEqual([]);
    const again = await holdOk(t.app, sixth.fromDateTime);
    expect(again.desk.id).toBe(sixth.desk.id);

    // Another address is not affected.
    expect((await confirm(t.app, again.id, { email: 'someone@example.org' })).statusCode).toBe(201);

    // An admin booking on the visitor's behalf is exempt, and the mail goes out.
    await book('stranger@example.org', t.admin.headers);
    expect(await mailsTo(t, 'stranger@example.org')).toBe(6);

    // Cancelled and past appointments are not ahead: after a cancellation the address may book again
    // (6 confirmed ahead with the admin's one, so two cancellations).
    await t.database.db
      .update(appointments)
      .set({ status: 'cancelled', cancelledAt: new Date() })
      .where(eq(appointments.id, booked[0]!.id));
    await insertAppointment(t.database.db, new Date(Date.now() - 86_400_000), {
      email: 'stranger@example.org',
    });
    expect((await confirm(t.app, (await freshHold()).id, { email: 'stranger@example.org' })).statusCode).toBe(
      409,
    );
    await t.database.db
      .update(appointments)
      .set({ status: 'cancelled', cancelledAt: new Date() })
      .where(eq(appointments.id, booked[1]!.id));
    await book('stranger@example.org');
  });

  it('answers a repeated confirm of the fifth with that appointment, not with the limit', async () => {
    const address = 'retry@example.org';
    for (let i = 0; i < 4; i++) await book(address);
    const fifth = await freshHold();
    const first = await confirm(t.app, fifth.id, { email: address });
    expect(first.statusCode).toBe(201);
    const retry = await confirm(t.app, fifth.id, { email: address });
    expect(retry.statusCode).toBe(201);
    expect(retry.json()).toMatchObject({ id: first.json().id, token: first.json().token });
  });

  it('refuses to move an appointment’s e-mail onto an address that has five ahead (no mail aimed that way either)', async () => {
    const full = 'full@example.org';
    for (let i = 0; i < 5; i++) await book(full);
    const mine = await book('mine@example.org');
    const patch = (email: string, headers = {}) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/appointment/${mine.id}`,
        payload: { token: mine.token, email },
        headers,
      });
    const refused = await patch('FULL@example.org');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'too_many_appointments' });
    const [row] = await t.database.db.select().from(appointments).where(eq(appointments.id, mine.id));
    expect(row!.email).toBe('mine@example.org');
    // Its own address in another case is no move at all; an admin may move it.
    expect((await patch('MINE@example.org')).statusCode).toBe(200);
    const byAdmin = await t.app.inject({
      method: 'PATCH',
      url: `/api/appointment/${mine.id}`,
      payload: { email: full },
      headers: t.admin.headers,
    });
    expect(byAdmin.statusCode, byAdmin.body).toBe(200);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('the e-mail limit under concurrency on PostgreSQL', () => {
  const t = useTestApp('postgres');

  it('eight simultaneous confirmations for one address: exactly five succeed, three mails are never queued', async () => {
    const holds: Reservation[] = [];
    for (let day = 2; day < 10; day++) {
      const { slots } = await someSlots(t.app, day);
      holds.push(await holdOk(t.app, slots[0]!.beginTime));
    }
    const answers = await Promise.all(holds.map((h) => confirm(t.app, h.id, { email: 'crowd@example.org' })));
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(5);
    expect(statuses.filter((s) => s === 409)).toHaveLength(3);
    expect(await mailsTo(t, 'crowd@example.org')).toBe(5);
  });
});
