/**
 * `npm run bench`: DESIGN §10's data set on a fresh PostgreSQL database and a fresh PGlite directory,
 * measured against the built API server over HTTP, plus the JavaScript budget of the booking page /new.
 * Prints a table and writes bench/results/latest.json.
 */
import os from 'node:os';
import { newSecret, startApi, type ApiProcess } from './api-process.js';
import {
  createPglite,
  createPostgres,
  migrateDatabase,
  openBenchDatabase,
  queryOf,
  type BenchDatabase,
  type Kind,
} from './databases.js';
import { seedDataset } from './dataset.js';
import { closeConnections } from './http-client.js';
import { availableDays, measureAvailableDays, measureTimeslots, timeslotsOn } from './read-scenarios.js';
import { printTable, writeResults, type Row } from './report.js';
import { SETTINGS } from './settings.js';
import { measureMailDrain } from './mail-drain.js';
import { measureWebBudget } from './web-budget.js';
import { freeDesksAt, measureContention, measurePairs, sampleMemory, Visitors } from './write-scenarios.js';

const running = new Set<ApiProcess>();
const log = (message: string) => console.log(`[bench ${new Date().toISOString().slice(11, 19)}] ${message}`);
const ms = (v: number) => `${v} ms`;

async function benchOn(kind: Kind): Promise<{ rows: Row[]; results: Record<string, unknown> }> {
  const target: BenchDatabase =
    kind === 'postgres' ? await createPostgres(SETTINGS.postgresUrl) : createPglite();
  const apis: ApiProcess[] = [];
  let probe: Awaited<ReturnType<typeof openBenchDatabase>> | undefined;
  try {
    log(`${kind}: migrating and seeding`);
    probe = await openBenchDatabase(target);
    await migrateDatabase(probe);
    const query = queryOf(probe);
    const dataset = await seedDataset(query);
    const [product] = await query<{ id: number }>(
      'SELECT id FROM products WHERE time_unit = 12 ORDER BY id LIMIT 1',
    );
    const [version] = await query<{ version: string }>('SELECT version()');
    log(
      `${kind}: seeded in ${dataset.seedMs} ms (${dataset.windowAppointments} in the window, ${Math.round(dataset.windowFill * 100)} % full, ${dataset.pastAppointments} older)`,
    );
    // PGlite is one process's files: the bench lets go before the API opens them.
    if (kind === 'pglite') {
      await probe.close();
      probe = undefined;
    }
    const productId = product!.id;
    const secret = newSecret();
    const count = kind === 'postgres' ? 2 : 1;
    for (const api of await Promise.all(
      Array.from({ length: count }, (_, i) => startApi(`${kind}-api-${i + 1}`, target, secret)),
    )) {
      apis.push(api);
      running.add(api);
    }
    const [first] = apis;
    const days = await availableDays(first!, productId);
    // Every weekday of the window has free time; today may already be past its last slot.
    const expectedDays = dataset.weekdaysInWindow - 1;
    if (days.length < expectedDays) throw new Error(`${kind}: only ${days.length} available days`);
    const laterDays = days.slice(1);

    const readMemory = sampleMemory([first!]);
    log(`${kind}: POST /available-days, 1 client, then ${SETTINGS.reads.clients}`);
    const availableDays1 = await measureAvailableDays(
      first!,
      productId,
      1,
      expectedDays,
      SETTINGS.reads.oneClient,
    );
    const availableDays10 = await measureAvailableDays(
      first!,
      productId,
      SETTINGS.reads.clients,
      expectedDays,
    );
    log(`${kind}: POST /timeslots, 1 client, then ${SETTINGS.reads.clients}`);
    const timeslots1 = await measureTimeslots(first!, productId, 1, laterDays);
    const timeslots10 = await measureTimeslots(first!, productId, SETTINGS.reads.clients, laterDays);
    const [readPeak] = readMemory();

    const dbLabel = kind === 'postgres' ? 'PostgreSQL' : 'PGlite';
    const targetFor = (t: string) => (kind === 'postgres' ? t : `(${t} on PostgreSQL)`);
    const judge = (ok: boolean) => (kind === 'postgres' ? ok : null);
    const rows: Row[] = [
      {
        what: `${dbLabel}: POST /available-days, 3 months (1 client)`,
        measured: `p50 ${ms(availableDays1.p50)}, p95 ${ms(availableDays1.p95)}`,
        target: '(info)',
        pass: null,
      },
      {
        what: `${dbLabel}: POST /available-days, 3 months, p95 (${SETTINGS.reads.clients} clients)`,
        measured: `p50 ${ms(availableDays10.p50)}, p95 ${ms(availableDays10.p95)} (${availableDays10.perSecond}/s)`,
        target: targetFor('p95 ≤ 30 ms'),
        pass: judge(availableDays10.p95 <= 30 && availableDays10.count > 0),
      },
      {
        what: `${dbLabel}: POST /timeslots, one day, p95 (1 client)`,
        measured: `p50 ${ms(timeslots1.p50)}, p95 ${ms(timeslots1.p95)}`,
        target: targetFor('p95 ≤ 5 ms'),
        pass: judge(timeslots1.p95 <= 5 && timeslots1.count > 0),
      },
      {
        what: `${dbLabel}: POST /timeslots, one day, p95 (${SETTINGS.reads.clients} clients)`,
        measured: `p50 ${ms(timeslots10.p50)}, p95 ${ms(timeslots10.p95)} (${timeslots10.perSecond}/s)`,
        target: '(info)',
        pass: null,
      },
      {
        what: `${dbLabel}: resident memory of ${first!.name} during the reads`,
        measured: `peak ${readPeak!.peakRssMb} MB`,
        target: '(info)',
        pass: null,
      },
    ];
    const results: Record<string, unknown> = {
      database: version?.version,
      dataset,
      availableDays: { oneClient: availableDays1, tenClients: availableDays10 },
      timeslots: { oneClient: timeslots1, tenClients: timeslots10 },
      memoryDuringReads: readPeak,
    };
    if (kind === 'pglite') return { rows, results };

    // Writes: distinct free start times for the pairs; the last day's most contested start for the crowd.
    const contentionDay = laterDays.at(-1)!;
    const starts: string[] = [];
    for (const day of laterDays.slice(0, -1)) {
      if (starts.length > SETTINGS.pairs.max) break;
      starts.push(...(await timeslotsOn(first!, productId, day)).map((s) => s.beginTime));
    }
    let contention = { start: '', free: -1 };
    for (const slot of (await timeslotsOn(first!, productId, contentionDay)).slice(0, 60)) {
      const free = await freeDesksAt(query, slot.beginTime, 12);
      if (free > contention.free) contention = { start: slot.beginTime, free };
    }
    const visitors = new Visitors();
    const stopSampling = sampleMemory(apis);
    log(`postgres: hold + confirm pairs on ${apis.length} processes, ${SETTINGS.pairs.clients} clients`);
    const pairs = await measurePairs(apis, productId, starts, visitors);
    const freeDesks = await freeDesksAt(query, contention.start, 12);
    log(
      `postgres: ${SETTINGS.contention.holds} simultaneous holds on ${contention.start} (${freeDesks} free desks)`,
    );
    const crowd = await measureContention(apis, productId, contention.start, freeDesks, visitors);
    const memory = stopSampling();
    // The booking processes stop first: the drain measures one worker alone.
    for (const api of apis) await api.stop();
    log(`postgres: one process drains ${SETTINGS.mailDrain.mails} confirmation mails to a local SMTP server`);
    const drain = await measureMailDrain(
      target,
      secret,
      query,
      SETTINGS.mailDrain.mails,
      SETTINGS.mailDrain.maxMs,
    );

    rows.push(
      {
        what: `PostgreSQL: hold + confirm pairs, distinct slots, ${apis.length} processes`,
        measured: `${pairs.perSecond}/s (${pairs.confirmed} of ${pairs.attempted}; hold p95 ${ms(pairs.hold.p95)}, confirm p95 ${ms(pairs.confirm.p95)})`,
        target: '≥ 300 per second',
        pass: pairs.perSecond >= 300 && pairs.confirmed === pairs.attempted,
      },
      {
        what: `PostgreSQL: ${crowd.holds} simultaneous holds on one slot`,
        measured: `${crowd.succeeded} ok of ${crowd.freeDesks} free desks, ${JSON.stringify(crowd.statuses)}, p99 ${ms(crowd.latency.p99)}`,
        target: 'one per free desk, rest 409, p99 ≤ 200 ms',
        pass: crowd.correct && crowd.latency.p99 <= 200,
      },
      {
        what: 'PostgreSQL: mail queue drained by one process to a local SMTP server',
        measured: `${drain.perSecond}/s (${drain.delivered} of ${drain.queued} in ${ms(drain.elapsedMs)})`,
        target: '≥ 50 per second per process',
        pass: drain.perSecond >= 50 && drain.delivered === drain.queued,
      },
      ...memory.map((m) => ({
        what: `PostgreSQL: resident memory of ${m.process} under that load`,
        measured: `peak ${m.peakRssMb} MB (VmHWM over the whole run ${m.hwmMb} MB)`,
        target: '≤ 200 MB per process',
        pass: m.peakRssMb <= 200,
      })),
    );
    return {
      rows,
      results: { ...results, pairs, contention: { start: contention.start, ...crowd }, memory, drain },
    };
  } finally {
    for (const api of apis) {
      await api.stop();
      running.delete(api);
    }
    await probe?.close();
    await target.dispose();
  }
}

async function main(): Promise<void> {
  const started = Date.now();
  const rows: Row[] = [];
  const results: Record<string, unknown> = {
    date: new Date().toISOString(),
    machine: {
      cpu: os.cpus()[0]?.model,
      cores: os.cpus().length,
      memoryGb: Math.round(os.totalmem() / 2 ** 30),
      node: process.version,
      platform: `${os.type()} ${os.release()}`,
    },
    settings: SETTINGS,
    loadAverageAtStart: os.loadavg().map((v) => Math.round(v * 100) / 100),
  };
  for (const kind of ['postgres', 'pglite'] as const) {
    if (SETTINGS.only && SETTINGS.only !== kind) continue;
    const run = await benchOn(kind);
    rows.push(...run.rows);
    results[kind] = run.results;
  }
  closeConnections();

  log('JavaScript budget of /new');
  const web = measureWebBudget();
  results.web = web;
  rows.push(
    web.skipped
      ? {
          what: 'public booking page /new: gzipped JS',
          measured: `skipped: ${web.skipped}`,
          target: '≤ 170 KB',
          pass: null,
        }
      : {
          what: 'public booking page /new: gzipped JS before first interaction',
          measured: `${web.totalGzipKb} KB in ${web.chunks.length} files`,
          target: '≤ 170 KB',
          pass: web.totalGzipKb <= 170,
        },
    {
      what: 'public booking page /new: LCP, 4× CPU slow-down',
      measured: 'not measured here',
      target: '≤ 1.5 s',
      pass: null,
    },
  );
  results.table = rows;
  results.loadAverageAtEnd = os.loadavg().map((v) => Math.round(v * 100) / 100);
  results.elapsedMs = Date.now() - started;
  console.log('');
  printTable(rows);
  if (!web.skipped) {
    console.log('\nLargest packages in the JS of /new (minified bytes, approx. gzip):');
    for (const p of web.largestPackages)
      console.log(`  ${p.module.padEnd(40)} ${String(p.bytes).padStart(8)} B  ~${p.approxGzipKb} KB gz`);
  }
  const busiest = Math.max(...(results.loadAverageAtStart as number[]), ...os.loadavg());
  if (busiest > os.cpus().length)
    console.log(
      `\nWarning: load average reached ${busiest.toFixed(1)} on ${os.cpus().length} cores; other work on this machine inflates every latency above.`,
    );
  console.log(`\nResults: ${writeResults(results)} (${Math.round((Date.now() - started) / 1000)} s)`);
  process.exitCode = rows.some((r) => r.pass === false) ? 1 : 0;
}

function killAll(reason: string): never {
  console.error(`bench: ${reason}; stopping the API processes it started`);
  for (const api of running) process.kill(api.pid, 'SIGKILL');
  process.exit(2);
}

setTimeout(
  () => killAll(`hard limit of ${SETTINGS.hardLimitMs / 1000} s reached`),
  SETTINGS.hardLimitMs,
).unref();
process.once('SIGINT', () => killAll('interrupted'));
main().catch((err: unknown) => {
  console.error(err);
  for (const api of running) process.kill(api.pid, 'SIGKILL');
  process.exit(2);
});
