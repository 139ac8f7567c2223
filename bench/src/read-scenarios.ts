import type { AvailableDaysRequest, Timeslot, TimeslotsRequest } from '@balie/shared';
import type { rawQuery } from '@balie/api/dist/db/client.js';
import type { ApiProcess } from './api-process.js';
import { call } from './http-client.js';
import { SETTINGS } from './settings.js';
import { load, type LoadRequest, type LoadResult } from './load.js';

/** A 12-minute product once: the shortest booking, so the most slots to compute. */
export const items = (productId: number) => [{ productId, amount: 1 }];

/** A few answers from one client first: the process's caches and the JIT warm up before the count. */
export async function measure(
  api: ApiProcess,
  clients: number,
  total: number,
  requests: LoadRequest[],
  check?: (body: string) => void,
  maxMs: number = SETTINGS.reads.maxMs,
): Promise<LoadResult> {
  const { warmup } = SETTINGS.reads;
  const warm = await load({ port: api.port, clients: 1, total: warmup, maxMs: 10_000, requests, check });
  if (warm.statuses['200'] !== warm.count || warm.count === 0)
    throw new Error(`${requests[0]!.path} answered ${JSON.stringify(warm.statuses)} while warming up`);
  return load({ port: api.port, clients, total, maxMs, requests, check });
}

/** The available days of the whole 3-month window, as the booking page asks them. */
export async function availableDays(api: ApiProcess, productId: number): Promise<string[]> {
  const body: AvailableDaysRequest = { appointmentItems: items(productId) };
  const r = await call(api.port, 'POST', '/api/available-days', body);
  if (r.status !== 200) throw new Error(`available-days answered ${r.status}: ${r.body}`);
  return JSON.parse(r.body) as string[];
}

export async function timeslotsOn(api: ApiProcess, productId: number, date: string): Promise<Timeslot[]> {
  const body: TimeslotsRequest = { appointmentItems: items(productId), date };
  const r = await call(api.port, 'POST', '/api/timeslots', body);
  if (r.status !== 200) throw new Error(`timeslots answered ${r.status}: ${r.body}`);
  return JSON.parse(r.body) as Timeslot[];
}

/** POST /available-days for 3 months under `clients` concurrent clients; every answer must list days. */
export function measureAvailableDays(
  api: ApiProcess,
  productId: number,
  clients: number,
  expectedDays: number,
  total: number = SETTINGS.reads.availableDays,
) {
  const body: AvailableDaysRequest = { appointmentItems: items(productId) };
  return measure(api, clients, total, [{ method: 'POST', path: '/api/available-days', body }], (text) => {
    const days = JSON.parse(text) as string[];
    if (days.length < expectedDays)
      throw new Error(`available-days listed ${days.length}, expected ${expectedDays}`);
  });
}

/**
 * The two products the availability figures are measured for (DESIGN §10 with locations, §4b): a
 * 12-minute one that every desk serves, and a 12-minute one that only the desks of one location serve.
 */
export async function productsToMeasure(query: ReturnType<typeof rawQuery>): Promise<{
  everywhere: number;
  oneLocation: { productId: number; locationId: number };
}> {
  const serving = `FROM products p JOIN desks d
      ON d.serves_all_products
      OR EXISTS (SELECT 1 FROM desk_products dp WHERE dp.desk_id = d.id AND dp.product_id = p.id)
   WHERE p.time_unit = 12 AND p.active AND d.active`;
  const [everywhere] = await query<{ id: number }>(
    `SELECT p.id ${serving} GROUP BY p.id
      HAVING count(DISTINCT d.id) = (SELECT count(*) FROM desks WHERE active) ORDER BY p.id LIMIT 1`,
  );
  const [oneLocation] = await query<{ id: number; location_id: number }>(
    `SELECT p.id, min(d.location_id) AS location_id ${serving} GROUP BY p.id
      HAVING count(DISTINCT d.location_id) = 1 ORDER BY p.id LIMIT 1`,
  );
  if (!everywhere || !oneLocation)
    throw new Error('the data set has no 12-minute product served everywhere and one served at one location');
  return {
    everywhere: everywhere.id,
    oneLocation: { productId: oneLocation.id, locationId: Number(oneLocation.location_id) },
  };
}

/**
 * Throws unless every slot of `productId` on every one of `days` is at `locationId`: the figures of a
 * product served at one location measure that rule only when the server keeps to it (DESIGN §4b). All
 * days, because a slot goes to the desk with the fewest booked minutes: on a quiet day that may well be
 * one of the right desks by chance.
 */
export async function assertSlotsAt(api: ApiProcess, productId: number, days: string[], locationId: number) {
  let offered = 0;
  for (const day of days) {
    const slots = await timeslotsOn(api, productId, day);
    offered += slots.length;
    const elsewhere = slots.filter((s) => s.desk.location.id !== locationId);
    if (elsewhere.length > 0)
      throw new Error(
        `product ${productId} is served at location ${locationId} only, but ${day} offers ${elsewhere.length} ` +
          `of its ${slots.length} slots elsewhere (${[...new Set(elsewhere.map((s) => s.desk.name))].join(', ')})`,
      );
  }
  if (offered === 0) throw new Error(`product ${productId} has no slot at location ${locationId}`);
}

/** POST /timeslots for one day, a different available day each request; every answer must list slots. */
export function measureTimeslots(api: ApiProcess, productId: number, clients: number, days: string[]) {
  return measure(
    api,
    clients,
    SETTINGS.reads.timeslots,
    days.map((date) => ({
      method: 'POST' as const,
      path: '/api/timeslots',
      body: { appointmentItems: items(productId), date } satisfies TimeslotsRequest,
    })),
    (text) => {
      if ((JSON.parse(text) as Timeslot[]).length === 0) throw new Error('timeslots listed no slot');
    },
  );
}

/**
 * The ceiling (DESIGN §10): GET /api/health, one `SELECT 1` through the same server, with `clients`
 * connections: what the machine gives a trivial request at this moment.
 */
export function measureCeiling(api: ApiProcess, clients: number): Promise<LoadResult> {
  const { requests, maxMs } = SETTINGS.ceiling;
  return measure(api, clients, requests, [{ method: 'GET', path: '/api/health' }], undefined, maxMs);
}
