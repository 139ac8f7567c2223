/**
 * The statistics scenario (issue 24): DESIGN §10's data set plus a year of history (about 250,000
 * appointments at the full sizes), an admin, and GET /api/statistics over the last year as the
 * statistics page asks it, measured after the first call (which rolls the year up) against the ceiling.
 * `npm run bench:statistics [-- --smoke]` runs it alone; BENCH_ONLY=postgres|pglite picks one database.
 */
import os from 'node:os';
import { loadDataset } from '@balie/api/dist/dataset/load-dataset.js';
import { rawQuery } from '@balie/api/dist/db/client.js';
import { insertUser } from '@balie/api/dist/features/users/repository.js';
import { hashPassword } from '@balie/api/dist/security/passwords.js';
import { localDateOf, type Statistics } from '@balie/shared';
import { newSecret, startApi, type ApiProcess } from './api-process.js';
import {
  createPglite,
  createPostgres,
  keepPersonalData,
  migrateDatabase,
  openBenchDatabase,
  type Kind,
} from './databases.js';
import { call, closeConnections } from './http-client.js';
import { load, ratio, type LoadResult } from './load.js';
import { measureCeiling } from './read-scenarios.js';
import type { Row } from './report.js';
import { SETTINGS } from './settings.js';

const ADMIN = { email: 'bench-admin@example.org', password: 'Bench-Admin-1!' };
/** DESIGN-less targets of issue 24: PostgreSQL ≤ 300 ms, PGlite ≤ 1 s for a year. */
const TARGET_MS: Record<Kind, number> = { postgres: 300, pglite: 1000 };

const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

async function signIn(api: ApiProcess): Promise<string> {
  const r = await call(api.port, 'POST', '/api/login', { username: ADMIN.email, password: ADMIN.password });
  if (r.status !== 200) throw new Error(`login answered ${r.status}: ${r.body}`);
  return (JSON.parse(r.body) as { token: string }).token;
}

export interface StatisticsFigures {
  kind: Kind;
  appointments: number;
  queueEntries: number;
  loadMs: number;
  firstCallMs: number;
  ceiling: LoadResult;
  year: LoadResult;
  /** The machine's 1-minute load average as the measured calls ended (2 cores shared with other work). */
  loadAverage: number;
  target: number;
}

/** One database: load, sign in, the first call (the roll-up), then `requests` calls from one client. */
export async function statisticsOn(kind: Kind, log: (m: string) => void): Promise<StatisticsFigures> {
  const target = kind === 'postgres' ? await createPostgres(SETTINGS.postgresUrl) : createPglite();
  let api: ApiProcess | undefined;
  try {
    let probe: Awaited<ReturnType<typeof openBenchDatabase>> | undefined = await openBenchDatabase(target);
    await migrateDatabase(probe);
    const dataset = await loadDataset(
      probe,
      { ...SETTINGS.dataset, historyAppointments: SETTINGS.statistics.history },
      { timezone: SETTINGS.timezone },
    );
    const query = rawQuery(probe);
    const [counts] = await query<{ appointments: number; entries: number }>(
      `SELECT (SELECT count(*)::int FROM appointments) AS appointments, (SELECT count(*)::int FROM queue_entries) AS entries`,
    );
    await keepPersonalData(query);
    await insertUser(probe.db, {
      email: ADMIN.email,
      passwordHash: await hashPassword(ADMIN.password),
      firstName: 'Bench',
      lastName: 'Admin',
      roles: ['ROLE_ADMIN'],
      languageId: 251,
    });
    log(
      `${kind}: ${counts!.appointments} appointments, ${counts!.entries} queue entries, loaded in ${dataset.loadMs} ms`,
    );
    await probe.close();
    probe = undefined;
    api = await startApi(`${kind}-statistics`, target, newSecret());
    const token = await signIn(api);
    const today = localDateOf(Date.now(), SETTINGS.timezone);
    const path = `/api/statistics?from=${addDays(today, -364)}&until=${today}`;
    const headers = { authorization: `Bearer ${token}` };
    const first = await (async () => {
      const started = performance.now();
      const r = await callWithToken(api!, path, token);
      if (r.status !== 200) throw new Error(`statistics answered ${r.status}: ${r.body.slice(0, 300)}`);
      const body = JSON.parse(r.body) as Statistics;
      if (body.days.length < 200) throw new Error(`statistics listed ${body.days.length} days for a year`);
      return performance.now() - started;
    })();
    log(`${kind}: first call (rolls the year up) ${Math.round(first)} ms`);
    const ceiling = await measureCeiling(api, 1);
    const year = await load({
      port: api.port,
      clients: 1,
      total: SETTINGS.statistics.requests,
      maxMs: SETTINGS.statistics.maxMs,
      requests: [{ method: 'GET', path, headers }],
      check: (text) => {
        if ((JSON.parse(text) as Statistics).days.length < 200) throw new Error('statistics lost days');
      },
    });
    const loadAverage = Math.round(os.loadavg()[0]! * 10) / 10;
    return {
      kind,
      loadAverage,
      appointments: counts!.appointments,
      queueEntries: counts!.entries,
      loadMs: dataset.loadMs,
      firstCallMs: Math.round(first),
      ceiling,
      year,
      target: TARGET_MS[kind],
    };
  } finally {
    await api?.stop();
    closeConnections();
    await target.dispose();
  }
}

/** GET with a bearer token (call() sends no headers of its own for a GET). */
function callWithToken(api: ApiProcess, path: string, token: string) {
  return fetch(`http://127.0.0.1:${api.port}${path}`, { headers: { authorization: `Bearer ${token}` } }).then(
    async (r) => ({ status: r.status, body: await r.text() }),
  );
}

export function statisticsRow(f: StatisticsFigures): Row {
  const db = f.kind === 'postgres' ? 'PostgreSQL' : 'PGlite';
  return {
    what: `${db}: GET /statistics, one year (${f.appointments} appointments, ${f.queueEntries} queue entries), 1 client`,
    measured:
      `p50 ${f.year.p50} ms, p95 ${f.year.p95} ms; ${ratio(f.year.p95, f.ceiling.p95)}× ceiling p95; ` +
      `first call (roll-up) ${f.firstCallMs} ms; load average ${f.loadAverage}`,
    target: `≤ ${f.target} ms`,
    pass: SETTINGS.smoke ? null : f.year.p95 <= f.target,
  };
}
