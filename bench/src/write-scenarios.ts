import type { CreateAppointmentRequest, MakeReservationRequest, Reservation } from '@balie/shared';
import type { ApiProcess } from './api-process.js';
import type { Query } from './databases.js';
import { cpuMeter, type CpuUse } from './cpu.js';
import { call, visitorAddress, type HttpResult } from './http-client.js';
import { items } from './read-scenarios.js';
import { SETTINGS } from './settings.js';
import { countBy, latency, runBounded, type Latency } from './stats.js';

const PERSON = {
  initials: 'B.',
  suffix: '',
  lastName: 'Bench',
  phone: '+31 6 12345678',
};

/**
 * Pair k's guest. One address per pair, as real visitors book: one address has at most five
 * appointments ahead (DESIGN §6), and its count is part of what a confirmation costs.
 */
const guestEmail = (k: number) => `bench-${k}@example.org`;

/**
 * Hands out visitor addresses so that none makes more holds than SETTINGS.holdsPerAddress. The pairs'
 * clients take consecutive ones, so one address has at most `pairs.clients` (16) holds at a time: below
 * MAX_HOLDS_PER_CLIENT (20), which therefore stays on as in production.
 */
export class Visitors {
  private next = 0;
  private used = 0;
  address(): string {
    if (this.used >= SETTINGS.holdsPerAddress) {
      this.next++;
      this.used = 0;
    }
    this.used++;
    return visitorAddress(this.next);
  }
  /** A visitor nobody used yet. */
  fresh(): string {
    this.next++;
    this.used = 1;
    return visitorAddress(this.next);
  }
}

function hold(api: ApiProcess, productId: number, fromDateTime: string, from: string): Promise<HttpResult> {
  const body: MakeReservationRequest = { appointmentItems: items(productId), fromDateTime };
  return call(api.port, 'POST', '/api/appointment/make-reservation', body, from);
}

export interface PairsResult {
  processes: number;
  clients: number;
  attempted: number;
  confirmed: number;
  perSecond: number;
  elapsedMs: number;
  /**
   * Confirmed pairs per second until the last of their mails was sent: a build whose workers send later
   * shows a higher `perSecond` for the same work (the mails go out after the clock stopped).
   */
  withMailPerSecond: number;
  holdStatuses: Record<string, number>;
  confirmStatuses: Record<string, number>;
  hold: Latency;
  confirm: Latency;
  /** CPU ms one confirmed pair cost the API processes (their mail workers included) and PostgreSQL. */
  cpuPerPair: CpuUse;
  /** False when mails were still queued at the drain limit: the API's CPU per pair is then too low. */
  mailDrained: boolean;
}

/**
 * Hold + confirm on distinct free start times (one visitor each), pair k on process k mod n, from
 * SETTINGS.pairs.clients concurrent clients: confirmed pairs per second of wall-clock time.
 */
export async function measurePairs(
  apis: ApiProcess[],
  productId: number,
  starts: string[],
  visitors: Visitors,
  query: Query,
  /** Every API process running, served or not: each one's mail worker may send the pairs' mails. */
  running: ApiProcess[] = apis,
): Promise<PairsResult> {
  const { clients, max, maxMs } = SETTINGS.pairs;
  const holds: HttpResult[] = [];
  const confirms: HttpResult[] = [];
  const cpu = await cpuMeter(
    running.map((a) => a.pid),
    query,
  );
  const started = Date.now();
  const run = await runBounded({ clients, total: Math.min(max, starts.length), maxMs }, async (k) => {
    const api = apis[k % apis.length]!;
    const from = visitors.address();
    const h = await hold(api, productId, starts[k]!, from);
    holds.push(h);
    if (h.status !== 201) return false;
    const body: CreateAppointmentRequest = {
      reservationId: (JSON.parse(h.body) as Reservation).id,
      ...PERSON,
      email: guestEmail(k),
    };
    const c = await call(api.port, 'POST', '/api/appointment', body, from);
    confirms.push(c);
    return c.status === 201;
  });
  const confirmed = run.results.filter(Boolean).length;
  // The confirmation mails are part of a pair's cost: the workers may still be sending them.
  const mailDrained = await outboxDrained(query, SETTINGS.pairs.drainMs);
  // To within the drain check's 100 ms.
  const withMailMs = Date.now() - started;
  const used = await cpu();
  const perPair = (ms: number) => Math.round((ms / Math.max(1, confirmed)) * 100) / 100;
  return {
    processes: apis.length,
    clients,
    attempted: run.results.length,
    confirmed,
    perSecond: Math.round((confirmed / run.elapsedMs) * 1000),
    elapsedMs: run.elapsedMs,
    withMailPerSecond: Math.round((confirmed / withMailMs) * 1000),
    holdStatuses: countBy(holds, (r) => String(r.status)),
    confirmStatuses: countBy(confirms, (r) => String(r.status)),
    hold: latency(holds.map((r) => r.ms)),
    confirm: latency(confirms.map((r) => r.ms)),
    cpuPerPair: {
      apiMs: perPair(used.apiMs),
      databaseMs: used.databaseMs === null ? null : perPair(used.databaseMs),
    },
    mailDrained,
  };
}

/** Waits (at most `maxMs`) until every queued mail is sent; false when some were still queued. */
async function outboxDrained(query: Query, maxMs: number): Promise<boolean> {
  const deadline = Date.now() + maxMs;
  while (Date.now() < deadline) {
    const [row] = await query<{ n: number }>('SELECT count(*)::int AS n FROM outbox WHERE sent_at IS NULL');
    if (!row?.n) return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  return false;
}

/** Desks on which [start, start + minutes) is free of every active booking (all desks share opening hours). */
export async function freeDesksAt(query: Query, start: string, minutes: number): Promise<number> {
  const [row] = await query<{ n: number }>(
    `SELECT count(*)::int AS n FROM desks d
      WHERE d.active AND NOT EXISTS (
        SELECT 1 FROM appointments a
         WHERE a.desk_id = d.id
           AND (a.status IN ('confirmed', 'checked_in') OR (a.status = 'reserved' AND a.valid_till > now()))
           AND a.during && tstzrange($1::timestamptz, $1::timestamptz + make_interval(mins => $2::int)))`,
    [start, minutes],
  );
  return row?.n ?? 0;
}

export interface ContentionResult {
  holds: number;
  freeDesks: number;
  succeeded: number;
  statuses: Record<string, number>;
  latency: Latency;
  /** One hold per free desk, every other answer 409. */
  correct: boolean;
  /** CPU ms all holds together cost the API processes and PostgreSQL. */
  cpu: CpuUse;
}

/**
 * SETTINGS.contention.holds visitors (each from its own address, connections opened beforehand) ask
 * for the same start at the same moment, spread over the API processes.
 */
export async function measureContention(
  apis: ApiProcess[],
  productId: number,
  start: string,
  freeDesks: number,
  visitors: Visitors,
  query: Query,
): Promise<ContentionResult> {
  const n = SETTINGS.contention.holds;
  const crowd = Array.from({ length: n }, (_, k) => ({
    api: apis[k % apis.length]!,
    from: visitors.fresh(),
  }));
  // Open every visitor's connection first, so the holds themselves leave together.
  await runBounded({ clients: 20, total: n, maxMs: 30_000 }, (k) =>
    call(crowd[k]!.api.port, 'GET', '/api/health', undefined, crowd[k]!.from),
  );
  const cpu = await cpuMeter(
    apis.map((a) => a.pid),
    query,
  );
  const answers = await Promise.all(crowd.map((v) => hold(v.api, productId, start, v.from)));
  const used = await cpu();
  const statuses = countBy(answers, (r) => String(r.status));
  const succeeded = statuses['201'] ?? 0;
  return {
    holds: n,
    freeDesks,
    succeeded,
    statuses,
    latency: latency(answers.map((r) => r.ms)),
    correct: succeeded === freeDesks && (statuses['409'] ?? 0) === n - freeDesks,
    cpu: used,
  };
}

/** Samples each process's resident memory every 100 ms until stopped; peaks in MB. */
export function sampleMemory(apis: ApiProcess[]) {
  const peakKb = new Map<string, number>(apis.map((a) => [a.name, 0]));
  const sample = () => {
    for (const a of apis) peakKb.set(a.name, Math.max(peakKb.get(a.name)!, a.memory().rssKb));
  };
  sample();
  const timer = setInterval(sample, 100);
  return () => {
    clearInterval(timer);
    sample();
    return apis.map((a) => ({
      process: a.name,
      peakRssMb: Math.round(peakKb.get(a.name)! / 102.4) / 10,
      hwmMb: Math.round(a.memory().hwmKb / 102.4) / 10,
    }));
  };
}
