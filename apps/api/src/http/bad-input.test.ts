import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { holdOk, ITEMS, PERSON, someSlots } from '../features/booking/test-support/helpers.js';
import { testDatabases, useTestApp } from '../test/index.js';

const NUL = '\u0000';
/** One above PostgreSQL's `integer`: the driver rejects it, so it must never reach a query. */
const TOO_BIG = 2147483648;

/**
 * The inputs an outside probe turned into 500s (issue 10): each must be a 400 `validation_failed` naming
 * the field, decided by the shared zod schemas before any query runs (DESIGN §5).
 */
describe.each(testDatabases)('bad input is a 400 naming the field (%s)', (kind) => {
  const t = useTestApp(kind, { sessions: ['user', 'admin'] });
  let reservationId: string;

  beforeAll(async () => {
    const { slots } = await someSlots(t.app, 2);
    reservationId = (await holdOk(t.app, slots[0]!.beginTime)).id;
  });

  async function expect400(request: InjectOptions, property: string) {
    const res = await t.app.inject(request);
    expect(res.statusCode, `${request.method} ${request.url}: ${res.body}`).toBe(400);
    const body = res.json<{ code: string; errors?: Array<{ property: string }> }>();
    expect(body.code).toBe('validation_failed');
    expect(body.errors?.map((e) => e.property)).toContain(property);
  }

  const register = (extra: Record<string, unknown>) => ({
    method: 'POST' as const,
    url: '/api/register',
    payload: { email: 'probe@example.org', password: 'Probe123!', ...extra },
  });

  it('rejects a NUL character in text fields', async () => {
    await expect400(register({ lastName: `de${NUL}Vries` }), 'lastName');
    for (const field of ['lastName', 'initials', 'suffix'])
      await expect400(
        {
          method: 'POST',
          url: '/api/appointment',
          payload: { reservationId, ...PERSON, [field]: `J${NUL}` },
        },
        field,
      );
    for (const field of ['firstName', 'relation', 'serviceBookNr', 'cardNumber', 'timezone'])
      await expect400(
        {
          method: 'PATCH',
          url: `/api/user/${t.user.userId}`,
          headers: t.user.headers,
          payload: { [field]: `x${NUL}` },
        },
        field,
      );
    await expect400(
      {
        method: 'GET',
        url: '/api/appointments_paginated',
        query: { filter: JSON.stringify({ search: `a${NUL}b` }) },
        headers: t.admin.headers,
      },
      'filter.search',
    );
  });

  it('rejects ids above 2³¹−1 in bodies, paths and filters', async () => {
    const date = (await someSlots(t.app, 2)).date;
    await expect400(
      {
        method: 'POST',
        url: '/api/timeslots',
        payload: { appointmentItems: ITEMS, date, appointmentId: TOO_BIG },
      },
      'appointmentId',
    );
    await expect400(
      {
        method: 'POST',
        url: '/api/available-days',
        payload: { appointmentItems: ITEMS, appointmentId: TOO_BIG },
      },
      'appointmentId',
    );
    await expect400(
      {
        method: 'POST',
        url: '/api/appointment/make-reservation',
        payload: { appointmentItems: ITEMS, fromDateTime: `${date}T10:00:00+01:00`, appointmentId: TOO_BIG },
      },
      'appointmentId',
    );
    await expect400(
      {
        method: 'POST',
        url: '/api/timeslots',
        payload: { appointmentItems: [{ productId: TOO_BIG, amount: 1 }], date },
      },
      'appointmentItems.0.productId',
    );
    await expect400({ method: 'GET', url: `/api/product/1/file/${TOO_BIG}` }, 'fileId');
    await expect400({ method: 'GET', url: `/api/product/${TOO_BIG}/file/1` }, 'id');
    await expect400(
      { method: 'PATCH', url: `/api/appointment/${TOO_BIG}`, payload: { token: 'x', lastName: 'A' } },
      'id',
    );
    for (const suffix of ['', '/cancel', '/check-in'])
      await expect400(
        { method: 'GET', url: `/api/appointment/${TOO_BIG}${suffix}`, headers: t.admin.headers },
        'id',
      );
    await expect400({ method: 'DELETE', url: `/api/appointment/${TOO_BIG}`, headers: t.admin.headers }, 'id');
    await expect400(
      {
        method: 'GET',
        url: '/api/appointments_paginated',
        query: { filter: JSON.stringify({ deskId: TOO_BIG }) },
        headers: t.admin.headers,
      },
      'filter.deskId',
    );
    await expect400(
      {
        method: 'PATCH',
        url: `/api/user/${t.user.userId}`,
        headers: t.user.headers,
        payload: { languageId: TOO_BIG },
      },
      'languageId',
    );
  });

  it('rejects dates and times outside sane years', async () => {
    await expect400(
      {
        method: 'POST',
        url: '/api/appointment/make-reservation',
        payload: { appointmentItems: ITEMS, fromDateTime: '9999-12-31T23:59:59Z' },
      },
      'fromDateTime',
    );
    await expect400(
      { method: 'POST', url: '/api/timeslots', payload: { appointmentItems: ITEMS, date: '9999-12-31' } },
      'date',
    );
    await expect400(
      {
        method: 'POST',
        url: '/api/available-days',
        payload: { appointmentItems: ITEMS, until: '9999-12-31' },
      },
      'until',
    );
    await expect400(register({ birthDay: '0000-01-01' }), 'birthDay');
    await expect400(
      {
        method: 'PATCH',
        url: `/api/user/${t.user.userId}`,
        headers: t.user.headers,
        payload: { birthDay: '0000-01-01' },
      },
      'birthDay',
    );
    await expect400(
      { method: 'GET', url: '/api/appointments', query: { from: '0000-01-01' }, headers: t.user.headers },
      'from',
    );
  });
});
