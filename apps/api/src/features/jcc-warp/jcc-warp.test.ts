import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { appointments, auditEvents, integrationBookings, outbox } from '../../db/schema/index.js';
import { testDatabases, useTestApp, type Session } from '../../test/index.js';
import { runRetention } from '../privacy/retention.js';
import { searchDatabase } from '../privacy/test-support.js';
import { BASE, expectShapeOf, query, recorded } from './test-support.js';

/** A Tuesday morning before the desks open: the demo desks are open Mon–Fri 08:30–12:30, 13:00–17:00. */
const NOW = new Date('2030-03-12T08:00:00+01:00');
const TODAY = '2030-03-12';
const PASSPORT = 1;
const LOCAL_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/;

/** Fields JCC marks optional (`NotRequired` in Open Forms' types.py) that Balie does not answer. */
const OPTIONAL = [
  '$[].activityGroupId',
  '$[].address.department',
  '$[].address.province',
  '$[].address.houseNumberSuffix',
  '$.address.houseNumberSuffix',
  '$.activityList[].activity.activityGroupId',
  '$.customerList[].firstName',
  '$.customerList[].birthDate',
];

describe.each(testDatabases)('JCC-compatible API on %s', (kind) => {
  const t = useTestApp(kind, { sessions: ['admin'], now: NOW });
  const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

  async function newClient(mailsVisitor: boolean) {
    const made = await t.call('POST', '/api/integration-clients', t.admin, {
      name: `Open Forms ${mailsVisitor ? 'mailing' : 'silent'} ${Math.random()}`,
      mailsVisitor,
    });
    expect(made.statusCode, made.body).toBe(201);
    const { id, clientId, clientSecret } = made.json();
    // As Open Forms' zgw-consumers asks: client credentials in the body, scope warp-api, the JCC token URL.
    const token = await t.app.inject({
      method: 'POST',
      url: `${BASE}/connect/token`,
      headers: FORM,
      payload: query({
        grant_type: 'client_credentials',
        scope: 'warp-api',
        client_id: clientId,
        client_secret: clientSecret,
      }),
    });
    expect(token.statusCode, token.body).toBe(200);
    const session = {
      headers: { authorization: `Bearer ${token.json().access_token}`, language: 'nl' },
    } as unknown as Session;
    return { id: id as number, session };
  }

  let silent: Awaited<ReturnType<typeof newClient>>;
  let STADHUIS: number;
  let NOORD: number;
  beforeAll(async () => {
    silent = await newClient(false);
    const listed = (await ok('location')) as Array<{ id: string; description: string }>;
    STADHUIS = Number(listed.find((l) => l.description === 'Stadhuis')!.id);
    NOORD = Number(listed.find((l) => l.description === 'Stadswinkel Noord')!.id);
  });
  const jcc = (path: string, method: 'GET' | 'POST' | 'DELETE' = 'GET', body?: object, who = silent) =>
    t.call(method, `${BASE}/${path}`, who.session, body);
  const ok = async (path: string) => {
    const res = await jcc(path);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };

  it('answers every route the plugin calls in the shapes JCC recorded', async () => {
    // Open Forms' configuration check only needs a 2xx (no cassette records the answer; types.py: Version).
    expect(await ok('version')).toEqual({
      warpApiVersion: expect.any(String),
      afsprakenVersion: expect.any(String),
    });

    const activities = await ok('activity/listforappointment');
    expectShapeOf(
      activities,
      recorded('test_get_available_products_all', 'GET', 'activity/listforappointment').answer,
      OPTIONAL,
    );
    expect(activities[0]).toMatchObject({
      id: String(PASSPORT),
      description: 'Paspoort aanvragen',
      appointmentDuration: 12 * 60,
    });
    expect(activities.every((a: { maxCountForEvent: number }) => a.maxCountForEvent >= 1)).toBe(true);
    const atLocation = await ok(`activity/listforappointment?${query({ locationId: NOORD })}`);
    expectShapeOf(
      atLocation,
      recorded('test_get_available_products_with_location', 'GET', 'activity/listforappointment').answer,
      OPTIONAL,
    );
    // Balie 2 in Stadswinkel Noord serves all but the driving licence.
    expect(atLocation).toHaveLength(activities.length - 1);

    const additional = await ok(
      `activity/listforappointment/additional?${query({ selectedActivityId: [PASSPORT], includeSelectedActivities: false })}`,
    );
    expectShapeOf(
      additional,
      recorded(
        'test_get_available_products_with_current_product',
        'GET',
        'activity/listforappointment/additional',
      ).answer,
      OPTIONAL,
    );
    expect(additional.map((a: { id: string }) => a.id)).not.toContain(String(PASSPORT));

    const locations = await ok('location');
    expectShapeOf(locations, recorded('test_get_all_locations', 'GET', 'location').answer, OPTIONAL);
    expect(locations[0]).toMatchObject({ id: String(STADHUIS), isDefault: true });
    const forProduct = await ok(`location/forappointment?${query({ selectedActivityId: [PASSPORT] })}`);
    expectShapeOf(
      forProduct,
      recorded('test_get_locations_for_product', 'GET', 'location/forappointment').answer,
      OPTIONAL,
    );
    const one = await ok(`location/${NOORD}`);
    expectShapeOf(
      one,
      recorded('test_create_retrieve_and_cancel_appointment_flow', 'GET', /^location\//).answer,
      OPTIONAL,
    );
    expect(one.address).toMatchObject({ streetName: 'Noorderplein', houseNumber: '12' });

    expectShapeOf(
      await ok(`activity/appointmentdaterange?${query({ activityId: [PASSPORT] })}`),
      recorded('test_get_dates', 'GET', 'activity/appointmentdaterange').answer,
    );
    const times = await ok(
      `appointment/availabletimelist?${query({ locationId: STADHUIS, fromDate: TODAY, toDate: '2030-03-13', activityId: [PASSPORT], amount: [1] })}`,
    );
    expectShapeOf(times, recorded('test_get_times', 'GET', 'appointment/availabletimelist').answer);
    expect(times.availableTimesList[0]).toMatch(LOCAL_TIME);

    const duration = await jcc(
      `appointment/calculateduration?${query({ activityId: [PASSPORT], amount: [2], dateTime: TODAY })}`,
    );
    expect(duration.body).toMatch(/^\d+$/);
    expect(
      typeof recorded(
        'test_create_retrieve_and_cancel_appointment_flow',
        'GET',
        'appointment/calculateduration',
      ).answer,
    ).toBe('number');

    const fields = await ok(`customer/customerfields/required?${query({ selectedActivityId: [PASSPORT] })}`);
    expectShapeOf(
      fields,
      recorded(
        'test_required_customer_fields_with_existing_products',
        'GET',
        'customer/customerfields/required',
      ).answer,
    );
    expect(fields).toMatchObject({ emailAddress: 2, mainPhoneNumber: 2 });
  });

  it('is described in the OpenAPI document: each route with its tag, parameters and the client-credentials scope', async () => {
    const res = await t.app.inject({ url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = res.json().paths as Record<
      string,
      Record<string, { tags: string[]; security: unknown; parameters?: Array<{ name: string }> }>
    >;
    const compat = Object.entries(paths).filter(
      ([path]) => path.startsWith('/api/compat/jcc-warp/v1/') && !path.endsWith('/connect/token'),
    );
    // 12 paths, 14 operations: GET, POST and DELETE share `appointment`.
    expect(compat.flatMap(([, operations]) => Object.keys(operations))).toHaveLength(14);
    for (const [, operations] of compat)
      for (const operation of Object.values(operations)) {
        expect(operation.tags).toEqual(['JCC-compatible API']);
        expect(operation.security).toEqual([{ clientCredentials: ['warp-api'] }]);
      }
    const times = paths['/api/compat/jcc-warp/v1/appointment/availabletimelist']!.get!;
    expect(times.parameters!.map((p) => p.name)).toEqual(
      expect.arrayContaining(['activityId', 'amount', 'locationId', 'fromDate', 'toDate']),
    );
  });

  it("books, shows, gives the QR code of and cancels an appointment through Open Forms' flow, as the booking page would", async () => {
    // products → locations → dates → times, for two people at Stadswinkel Noord.
    const items = { activityId: [PASSPORT], amount: [2] };
    const [location] = await ok(`location/forappointment?${query({ selectedActivityId: items.activityId })}`);
    expect(location.id).toBe(String(STADHUIS));
    const { minDate } = await ok(`activity/appointmentdaterange?${query({ activityId: items.activityId })}`);
    const from = minDate.slice(0, 10);
    const until = '2030-03-26';
    const { availableTimesList } = await ok(
      `appointment/availabletimelist?${query({ locationId: NOORD, fromDate: from, toDate: until, ...items })}`,
    );
    // The booking page's answer to the same question: the same days, and on each day the same starts.
    const appointmentItems = [{ productId: PASSPORT, amount: 2 }];
    const days = await t.app.inject({
      method: 'POST',
      url: '/api/available-days',
      payload: { appointmentItems, locationId: NOORD, from, until: '2030-03-25' },
    });
    expect(days.statusCode, days.body).toBe(200);
    const dates = days.json() as string[];
    expect(dates.length).toBeGreaterThan(5);
    expect([...new Set(availableTimesList.map((s: string) => s.slice(0, 10)))]).toEqual(dates);
    for (const date of [dates[0]!, dates.at(-1)!]) {
      const slots = await t.app.inject({
        method: 'POST',
        url: '/api/timeslots',
        payload: { appointmentItems, locationId: NOORD, date },
      });
      const starts = (slots.json() as Array<{ beginTime: string }>).map((s) => s.beginTime.slice(0, 19));
      expect(availableTimesList.filter((s: string) => s.startsWith(date))).toEqual(starts);
    }
    // The plugin's get_times: one day, `toDate` the next (not included).
    const day = dates[1]!;
    const oneDay = await ok(
      `appointment/availabletimelist?${query({ locationId: NOORD, fromDate: day, toDate: dates[2]!, ...items })}`,
    );
    expect(oneDay.availableTimesList.every((s: string) => s.startsWith(day))).toBe(true);

    const minutes = Number(
      (await jcc(`appointment/calculateduration?${query({ ...items, dateTime: day })}`)).body,
    );
    const start = oneDay.availableTimesList[3] as string;
    const create = recorded('test_create_retrieve_and_cancel_appointment_flow', 'POST', 'appointment')
      .requestBody as Record<string, unknown>;
    const body = {
      ...create,
      activityList: [{ activityId: String(PASSPORT), amount: 2 }],
      customerList: [
        {
          gender: 0,
          lastName: 'Boei',
          initials: 'V.',
          emailAddress: 'vat.boei@example.org',
          phoneNumber: '+31 6 11112222',
          id: null,
          isMainCustomer: true,
        },
      ],
      fromDateTime: `${start}+01:00`,
      toDateTime: `${start}+01:00`,
      locationId: String(NOORD),
    };
    const created = await jcc('appointment', 'POST', body);
    expect(created.statusCode, created.body).toBe(200);
    expectShapeOf(
      created.json(),
      recorded('test_create_retrieve_and_cancel_appointment_flow', 'POST', 'appointment').answer,
    );
    const { id } = created.json();

    const details = await ok(`appointment?${query({ id })}`);
    expectShapeOf(
      details,
      recorded('test_create_retrieve_and_cancel_appointment_flow', 'GET', 'appointment').answer,
      OPTIONAL,
    );
    expect(details).toMatchObject({
      id,
      startDateTime: start,
      location: { id: String(NOORD) },
      activityList: [{ amount: 2, activity: { id: String(PASSPORT) } }],
    });
    expect(Date.parse(`${details.endDateTime}+01:00`) - Date.parse(`${start}+01:00`)).toBe(minutes * 60_000);

    // The QR code is the check-in code: the desk checks the visitor in with it.
    const qr = await jcc(`appointment/qrcode?${query({ id })}`);
    expect(
      typeof recorded('test_create_retrieve_and_cancel_appointment_flow', 'GET', 'appointment/qrcode').answer,
    ).toBe('string');
    const code = JSON.parse(qr.body) as string;
    const [row] = await t.database.db.select().from(appointments).where(eq(appointments.lastName, 'Boei'));
    expect(code).toBe(row!.checkInCode);
    expect(row).toMatchObject({
      channel: 'integration',
      integrationClientId: silent.id,
      status: 'confirmed',
      phone: '+31 6 11112222',
    });

    const cancelled = await jcc(`appointment?${query({ id })}`, 'DELETE');
    expect(cancelled.statusCode).toBe(200);
    expectShapeOf(
      cancelled.json(),
      recorded('test_create_retrieve_and_cancel_appointment_flow', 'DELETE', 'appointment').answer,
    );
    expect(cancelled.json()).toMatchObject({ id, acknowledgeIsSuccess: true });
    // Cancelled once; a second cancel, or one of an unknown id, fails as JCC does: no id, a code.
    for (const again of [id, '3f1c1c9e-0000-4000-8000-000000000000']) {
      const res = await jcc(`appointment?${query({ id: again })}`, 'DELETE');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        acknowledgeIsSuccess: false,
        code: expect.any(Number),
        message: expect.any(String),
      });
      expect(res.json().id).toBeUndefined();
    }
  });

  it('books a repeated create once, and answers a time taken meanwhile with a failure, not an error', async () => {
    const { availableTimesList } = await ok(
      `appointment/availabletimelist?${query({ locationId: STADHUIS, fromDate: '2030-03-20', toDate: '2030-03-21', activityId: [4], amount: [1] })}`,
    );
    const body = (lastName: string, start = availableTimesList[0] as string) => ({
      id: null,
      activityList: [{ activityId: '4', amount: 1 }],
      customerList: [
        {
          gender: 0,
          lastName,
          emailAddress: `${lastName.toLowerCase()}@example.org`,
          phoneNumber: '0201234567',
          isMainCustomer: true,
        },
      ],
      fromDateTime: start,
      toDateTime: start,
      locationId: String(STADHUIS),
      message: '',
      fieldList: null,
    });
    const first = (await jcc('appointment', 'POST', body('Retry'))).json();
    const again = (await jcc('appointment', 'POST', body('Retry'))).json();
    expect(first).toMatchObject({ acknowledgeIsSuccess: true });
    expect(again).toEqual(first);
    const rows = await t.database.db.select().from(appointments).where(eq(appointments.lastName, 'Retry'));
    expect(rows).toHaveLength(1);

    // Stadhuis has one desk for the driving licence: someone else's create for that time is refused.
    const taken = await jcc('appointment', 'POST', body('Other'));
    expect(taken.statusCode).toBe(200);
    expect(taken.json()).toMatchObject({ acknowledgeIsSuccess: false, code: 1, message: expect.any(String) });
    // A visitor without an e-mail address: JCC's validation failure naming the field.
    const noMail = await jcc('appointment', 'POST', {
      ...body('Nomail'),
      customerList: [{ lastName: 'Nomail', phoneNumber: '0201234567', isMainCustomer: true }],
    });
    expect(noMail.json()).toMatchObject({
      acknowledgeIsSuccess: false,
      validateErrors: [expect.stringMatching(/^emailAddress/)],
    });
  });

  it("makes an appointment like any other: audited as the client, on today's list, in the statistics by channel, erased by retention, mailed only when the client says so", async () => {
    const mailing = await newClient(true);
    const { availableTimesList } = await ok(
      `appointment/availabletimelist?${query({ locationId: STADHUIS, fromDate: TODAY, toDate: '2030-03-13', activityId: [PASSPORT], amount: [1] })}`,
    );
    const book = async (who: typeof silent, lastName: string, start: string) => {
      const res = await jcc(
        'appointment',
        'POST',
        {
          id: null,
          activityList: [{ activityId: String(PASSPORT), amount: 1 }],
          customerList: [
            { lastName, emailAddress: 'same@example.org', phoneNumber: '0201234567', isMainCustomer: true },
          ],
          fromDateTime: start,
          locationId: String(STADHUIS),
        },
        who,
      );
      expect(res.json(), res.body).toMatchObject({ acknowledgeIsSuccess: true });
      const [row] = await t.database.db
        .select()
        .from(appointments)
        .where(eq(appointments.lastName, lastName));
      const mails = await t.database.db
        .select()
        .from(outbox)
        .where(eq(outbox.kind, 'appointment-confirmation'));
      return {
        id: res.json().id as string,
        row: row!,
        mailed: mails.some((m) => m.payload.appointmentId === row!.id),
      };
    };
    const quiet = await book(silent, 'Zwijgzaam', availableTimesList.at(-1));
    const loud = await book(mailing, 'Luidruchtig', availableTimesList.at(-2));
    expect(quiet.mailed).toBe(false);
    expect(loud.mailed).toBe(true);

    const [audit] = await t.database.db
      .select()
      .from(auditEvents)
      .where(
        and(eq(auditEvents.action, 'appointment_created'), eq(auditEvents.subjectId, String(quiet.row.id))),
      );
    expect(audit).toMatchObject({ actorClientId: silent.id, actorUserId: null });

    const today = await t.call('GET', `/api/appointments/today?locationId=${STADHUIS}`, t.admin);
    expect(today.json().map((a: { lastName: string }) => a.lastName)).toEqual(
      expect.arrayContaining(['Zwijgzaam', 'Luidruchtig']),
    );
    const checkIn = await t.call('POST', '/api/appointments/check-in', t.admin, {
      code: quiet.row.checkInCode,
    });
    expect(checkIn.statusCode, checkIn.body).toBe(200);

    // Another client does not know this client's appointments.
    expect((await jcc(`appointment?${query({ id: quiet.id })}`, 'GET', undefined, mailing)).statusCode).toBe(
      404,
    );
    const keys = await t.database.db
      .select()
      .from(integrationBookings)
      .where(eq(integrationBookings.clientId, silent.id));
    expect(keys.map((k) => k.id)).toContain(quiet.id);

    // In the statistics by the channel it came through, the client by name.
    const stats = await t.call('GET', `/api/statistics?from=${TODAY}&until=${TODAY}`, t.admin);
    expect(stats.statusCode, stats.body).toBe(200);
    const channels = stats.json().channels as Array<{ channel: string; clientId: number | null }>;
    expect(channels).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ channel: 'integration', clientId: silent.id, booked: 1, checkedIn: 1 }),
        expect.objectContaining({ channel: 'integration', clientId: mailing.id, booked: 1 }),
      ]),
    );

    // Erased by retention like any appointment: the details keep the appointment, not the visitor.
    const { retentionDays } = (await t.call('GET', '/api/organisation', t.admin)).json() as {
      retentionDays: number;
    };
    await runRetention(t.app.db, t.config, new Date(NOW.getTime() + (retentionDays + 2) * 86_400_000));
    expect(await searchDatabase(t.app.db, ['Zwijgzaam', 'same@example.org'])).toEqual([]);
    const erased = await ok(`appointment?${query({ id: quiet.id })}`);
    expect(erased.customerList[0].lastName).toBeUndefined();
  });
});
