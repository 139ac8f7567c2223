import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { appointments, integrationBookings } from '../../db/schema/index.js';
import { sendTo, useServerProcesses } from '../booking/test-support/processes.js';
import { query } from './test-support.js';

/**
 * The JCC-compatible API across two real server processes on one PostgreSQL database (DESIGN §1, §4c):
 * a create retried while the first is still booking books once (decided by the unique key of
 * integration_bookings, decision 0480), and a revoked client's token stops on every process at once.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'JCC-compatible API across two processes on PostgreSQL',
  () => {
    const p = useServerProcesses({ sessions: ['admin'] });
    let client: { id: number; clientId: string; clientSecret: string };
    let bearer: Record<string, string>;

    const jcc = (i: number, method: string, path: string, body?: unknown) =>
      sendTo(p.servers, i, method, `/compat/jcc-warp/v1/${path}`, body, bearer);

    beforeAll(async () => {
      const made = await p.t.call('POST', '/api/integration-clients', p.t.admin, {
        name: 'Open Forms',
        mailsVisitor: false,
      });
      client = made.json();
      // The token from one process, used on both.
      const token = await fetch(`${p.servers[0]!.url}/api/compat/jcc-warp/v1/connect/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: query({
          grant_type: 'client_credentials',
          scope: 'warp-api',
          client_id: client.clientId,
          client_secret: client.clientSecret,
        }),
      });
      expect(token.status).toBe(200);
      bearer = { authorization: `Bearer ${((await token.json()) as { access_token: string }).access_token}` };
    });

    it('books concurrent identical creates on both processes once, and answers each with the same id', async () => {
      const locations = (await (await jcc(0, 'GET', 'location')).json()) as Array<{ id: string }>;
      const locationId = locations[0]!.id;
      const today = new Date().toISOString().slice(0, 10);
      const later = new Date(Date.now() + 21 * 86_400_000).toISOString().slice(0, 10);
      const times = (await (
        await jcc(
          1,
          'GET',
          `appointment/availabletimelist?${query({ locationId, fromDate: today, toDate: later, activityId: [1], amount: [1] })}`,
        )
      ).json()) as { availableTimesList: string[] };
      // A day after today: today's times may be over by the time the creates arrive.
      const start = times.availableTimesList.find((s) => s.slice(0, 10) > today)!;
      const create = {
        id: null,
        activityList: [{ activityId: '1', amount: 1 }],
        customerList: [
          {
            gender: 0,
            lastName: 'Herhaal',
            emailAddress: 'herhaal@example.org',
            phoneNumber: '0201234567',
            id: null,
            isMainCustomer: true,
          },
        ],
        fromDateTime: start,
        toDateTime: start,
        locationId,
        message: '',
        fieldList: null,
      };
      const answers = await Promise.all(
        Array.from({ length: 6 }, async (_, i) => {
          const res = await jcc(i, 'POST', 'appointment', create);
          expect(res.status).toBe(200);
          return (await res.json()) as { id?: string; acknowledgeIsSuccess: boolean };
        }),
      );
      expect(answers.every((a) => a.acknowledgeIsSuccess)).toBe(true);
      expect(new Set(answers.map((a) => a.id)).size).toBe(1);
      const rows = await p.t.database.db
        .select()
        .from(appointments)
        .where(eq(appointments.lastName, 'Herhaal'));
      expect(rows.filter((r) => r.status === 'confirmed')).toHaveLength(1);
      expect(rows.filter((r) => r.status === 'reserved')).toHaveLength(0);
      const keys = await p.t.database.db
        .select()
        .from(integrationBookings)
        .where(eq(integrationBookings.clientId, client.id));
      expect(keys).toEqual([expect.objectContaining({ id: answers[0]!.id, appointmentId: rows[0]!.id })]);
    });

    it('stops a revoked client on the other process at once', async () => {
      expect((await jcc(1, 'GET', 'version')).status).toBe(200);
      const revoked = await sendTo(
        p.servers,
        0,
        'DELETE',
        `/integration-client/${client.id}`,
        undefined,
        p.t.admin.headers,
      );
      expect(revoked.status).toBe(204);
      expect((await jcc(1, 'GET', 'version')).status).toBe(401);
      expect((await jcc(1, 'GET', 'location')).status).toBe(401);
    });
  },
);
