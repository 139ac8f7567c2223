import type { AvailableDaysRequest, Timeslot, TimeslotsRequest } from '@balie/shared';
import type { ApiProcess } from './api-process.js';
import { call } from './http-client.js';
import { SETTINGS } from './settings.js';
import { countBy, latency, runBounded, type Latency } from './stats.js';

export interface ReadResult extends Latency {
  clients: number;
  statuses: Record<string, number>;
  perSecond: number;
}

/** A 12-minute product once: the shortest booking, so the most slots to compute. */
export const items = (productId: number) => [{ productId, amount: 1 }];

async function measure(
  api: ApiProcess,
  path: string,
  clients: number,
  total: number,
  body: (i: number) => unknown,
  check: (body: string) => void,
): Promise<ReadResult> {
  const warm = await runBounded({ clients: 1, total: SETTINGS.reads.warmup, maxMs: 10_000 }, (i) =>
    call(api.port, 'POST', path, body(i)),
  );
  for (const r of warm.results)
    if (r.status !== 200) throw new Error(`${path} answered ${r.status}: ${r.body}`);
  const run = await runBounded({ clients, total, maxMs: SETTINGS.reads.maxMs }, async (i) => {
    const r = await call(api.port, 'POST', path, body(i));
    if (r.status === 200) check(r.body);
    return r;
  });
  const ok = run.results.filter((r) => r.status === 200);
  return {
    ...latency(ok.map((r) => r.ms)),
    clients,
    statuses: countBy(run.results, (r) => String(r.status)),
    perSecond: Math.round((run.results.length / run.elapsedMs) * 1000),
  };
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
  return measure(
    api,
    '/api/available-days',
    clients,
    total,
    () => body,
    (text) => {
      const days = JSON.parse(text) as string[];
      if (days.length < expectedDays)
        throw new Error(`available-days listed ${days.length}, expected ${expectedDays}`);
    },
  );
}

/** POST /timeslots for one day, a different available day each request; every answer must list slots. */
export function measureTimeslots(api: ApiProcess, productId: number, clients: number, days: string[]) {
  return measure(
    api,
    '/api/timeslots',
    clients,
    SETTINGS.reads.timeslots,
    (i): TimeslotsRequest => ({ appointmentItems: items(productId), date: days[i % days.length]! }),
    (text) => {
      if ((JSON.parse(text) as Timeslot[]).length === 0) throw new Error('timeslots listed no slot');
    },
  );
}
