import type { AvailableDaysRequest, Timeslot, TimeslotsRequest } from '@balie/shared';
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
