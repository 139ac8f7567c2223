/**
 * `npm run bench`: DESIGN §10's data set on a fresh PostgreSQL database and a fresh PGlite directory,
 * measured against the built API server over HTTP, plus the JavaScript budget of the booking page /new.
 * Prints a table and writes bench/results/latest.json.
 */
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import { loadDataset } from '@balie/api/dist/dataset/load-dataset.js';
import { rawQuery } from '@balie/api/dist/db/client.js';
import { newSecret, startApi, type ApiProcess } from './api-process.js';
import {
  createPglite,
  createPostgres,
  keepPersonalData,
  migrateDatabase,
  openBenchDatabase,
  type BenchDatabase,
  type Kind,
} from './databases.js';
import { growthSvg, measureGrowth, spread } from './growth.js';
import { closeConnections } from './http-client.js';
import { ratio, type LoadResult } from './load.js';
import {
  assertSlotsAt,
  availableDays,
  measureAvailableDays,
  measureCeiling,
  measureTimeslots,
  productsToMeasure,
  timeslotsOn,
} from './read-scenarios.js';
import { printTable, resultsFile, writeResults, type Row } from './report.js';
import { SETTINGS } from './settings.js';
import { statisticsOn, statisticsRow } from './statistics.js';
import { measureMailDrain } from './mail-drain.js';
import { latency, runBounded } from './stats.js';
import { measureNewInBrowser, type BrowserFigures } from './web-browser.js';
import { measureWebBudget } from './web-budget.js';
import {
  freeDesksAt,
  measureContention,
  measurePairs,
  sampleMemory,
  Visitors,
  type ContentionResult,
} from './write-scenarios.js';

const running = new Set<ApiProcess>();
const log = (message: string) => console.log(`[bench ${new Date().toISOString().slice(11, 19)}] ${message}`);
const ms = (v: number) => `${v} ms`;
/** "p50 …, p95 … (… /s)", and the p95 as a multiple of the ceiling's p95 with the same clients. */
const figure = (r: LoadResult, ceiling?: LoadResult) =>
  `p50 ${ms(r.p50)}, p95 ${ms(r.p95)} (${r.perSecond}/s)` +
  (ceiling
    ? `; ${ratio(r.p95, ceiling.p95)}× ceiling p95, ${ratio(r.perSecond, ceiling.perSecond)}× its rate`
    : '');

async function benchOn(kind: Kind): Promise<{ rows: Row[]; results: Record<string, unknown> }> {
  const target: BenchDatabase =
    kind === 'postgres' ? await createPostgres(SETTINGS.postgresUrl) : createPglite();
  const apis: ApiProcess[] = [];
  let probe: Awaited<ReturnType<typeof openBenchDatabase>> | undefined;
  const dbLabel = kind === 'postgres' ? 'PostgreSQL' : 'PGlite';
  const clients = SETTINGS.reads.clients;
  const startApis = async (count: number, prefix: string, secret: string) => {
    const started = await Promise.all(
      Array.from({ length: count }, (_, i) => startApi(`${prefix}-${i + 1}`, target, secret)),
    );
    for (const api of started) running.add(api);
    return started;
  };
  try {
    log(`${kind}: migrating and loading the data set`);
    probe = await openBenchDatabase(target);
    await migrateDatabase(probe);
    const query = rawQuery(probe);
    const dataset = await loadDataset(probe, SETTINGS.dataset, { timezone: SETTINGS.timezone });
    await keepPersonalData(query);
    const measured = await productsToMeasure(query);
    const [version] = await query<{ version: string }>('SELECT version()');
    log(
      `${kind}: loaded in ${dataset.loadMs} ms (${dataset.locations} locations, ${dataset.windowAppointments} in the window, ${Math.round(dataset.windowFill * 100)} % full, ${dataset.pastAppointments} older)`,
    );
    // The database's own ceiling: SELECT 1 straight from this process, no HTTP, the same clients.
    const select1 = await runBounded(
      { clients, total: SETTINGS.ceiling.requests, maxMs: SETTINGS.ceiling.maxMs },
      async () => {
        const started = performance.now();
        await query('SELECT 1');
        return performance.now() - started;
      },
    );
    const selectOne = {
      ...latency(select1.results),
      perSecond: Math.round((select1.results.length / select1.elapsedMs) * 1000),
    };
    // PGlite is one process's files: the bench lets go before the API opens them.
    if (kind === 'pglite') {
      await probe.close();
      probe = undefined;
    }
    // Writes and growth book the product every desk serves; the reads measure both.
    const productId = measured.everywhere;
    const local = measured.oneLocation;
    const secret = newSecret();
    apis.push(...(await startApis(kind === 'postgres' ? 2 : 1, `${kind}-api`, secret)));
    const [first] = apis;
    const days = await availableDays(first!, productId);
    // Every weekday of the window has free time; today may already be past its last slot.
    const expectedDays = dataset.weekdaysInWindow - 1;
    if (days.length < expectedDays) throw new Error(`${kind}: only ${days.length} available days`);
    const laterDays = days.slice(1);
    const localDays = await availableDays(first!, local.productId);
    if (localDays.length < expectedDays)
      throw new Error(`${kind}: only ${localDays.length} available days at one location`);
    await assertSlotsAt(first!, local.productId, localDays, local.locationId);

    const readMemory = sampleMemory([first!]);
    log(`${kind}: ceiling GET /api/health, then the reads, 1 client and ${clients}`);
    const ceiling1 = await measureCeiling(first!, 1);
    const ceiling10 = await measureCeiling(first!, clients);
    const availableDays1 = await measureAvailableDays(
      first!,
      productId,
      1,
      expectedDays,
      SETTINGS.reads.oneClient,
    );
    const availableDays10 = await measureAvailableDays(first!, productId, clients, expectedDays);
    const timeslots1 = await measureTimeslots(first!, productId, 1, laterDays);
    const timeslots10 = await measureTimeslots(first!, productId, clients, laterDays);
    log(`${kind}: the same reads for product ${local.productId}, served at one location only`);
    const localAvailableDays10 = await measureAvailableDays(first!, local.productId, clients, expectedDays);
    const localTimeslots1 = await measureTimeslots(first!, local.productId, 1, localDays.slice(1));
    const [readPeak] = readMemory();
    const readDetail = await first!.memoryDetail();
    if (readDetail)
      log(`${kind}: memory of ${first!.name} after the reads (MB): ${JSON.stringify(readDetail)}`);

    const targetFor = (t: string) => (kind === 'postgres' ? t : `(${t} on PostgreSQL)`);
    const judge = (ok: boolean) => (kind === 'postgres' && !SETTINGS.smoke ? ok : null);
    const rows: Row[] = [
      {
        what: `${dbLabel}: ceiling, SELECT 1 from the bench (${clients} clients)`,
        measured: `p50 ${ms(selectOne.p50)}, p95 ${ms(selectOne.p95)} (${selectOne.perSecond}/s)`,
        target: '(ceiling)',
        pass: null,
      },
      {
        what: `${dbLabel}: ceiling, GET /api/health (1 / ${clients} clients)`,
        measured: `p95 ${ms(ceiling1.p95)} (${ceiling1.perSecond}/s) / p95 ${ms(ceiling10.p95)} (${ceiling10.perSecond}/s)`,
        target: '(ceiling)',
        pass: null,
      },
      {
        what: `${dbLabel}: POST /available-days, 3 months (1 client)`,
        measured: figure(availableDays1, ceiling1),
        target: '(info)',
        pass: null,
      },
      {
        what: `${dbLabel}: POST /available-days, 3 months, p95 (${clients} clients)`,
        measured: figure(availableDays10, ceiling10),
        target: targetFor('p95 ≤ 30 ms'),
        pass: judge(availableDays10.p95 <= 30),
      },
      {
        what: `${dbLabel}: POST /available-days, 3 months, product at one location, p95 (${clients} clients)`,
        measured: figure(localAvailableDays10, ceiling10),
        target: targetFor('p95 ≤ 30 ms'),
        pass: judge(localAvailableDays10.p95 <= 30),
      },
      {
        what: `${dbLabel}: POST /timeslots, one day, p95 (1 client)`,
        measured: figure(timeslots1, ceiling1),
        target: targetFor('p95 ≤ 5 ms'),
        pass: judge(timeslots1.p95 <= 5),
      },
      {
        what: `${dbLabel}: POST /timeslots, one day, product at one location, p95 (1 client)`,
        measured: figure(localTimeslots1, ceiling1),
        target: targetFor('p95 ≤ 5 ms'),
        pass: judge(localTimeslots1.p95 <= 5),
      },
      {
        what: `${dbLabel}: POST /timeslots, one day, p95 (${clients} clients)`,
        measured: figure(timeslots10, ceiling10),
        target: '(info)',
        pass: null,
      },
      {
        what: `${dbLabel}: resident memory of ${first!.name} during the reads`,
        measured: `peak ${readPeak!.peakRssMb} MB`,
        target: kind === 'pglite' ? '≤ 250 MB' : '(info)',
        pass: kind === 'pglite' && !SETTINGS.smoke ? readPeak!.peakRssMb <= 250 : null,
      },
    ];
    const results: Record<string, unknown> = {
      database: version?.version,
      dataset,
      ceiling: { selectOne, health: { oneClient: ceiling1, clients: ceiling10 } },
      products: measured,
      availableDays: { oneClient: availableDays1, clients: availableDays10 },
      timeslots: { oneClient: timeslots1, clients: timeslots10 },
      oneLocation: {
        availableDays: { clients: localAvailableDays10 },
        timeslots: { oneClient: localTimeslots1 },
      },
      memoryDuringReads: readPeak,
      ...(readDetail ? { memoryDetailAfterReads: readDetail } : {}),
    };
    if (kind === 'pglite') return { rows, results };

    // Writes: distinct free start times for the pairs (two runs); the last day's most contested start for the crowd.
    const contentionDay = laterDays.at(-1)!;
    const starts: string[] = [];
    for (const day of laterDays.slice(0, -1)) {
      if (starts.length > 2 * SETTINGS.pairs.max) break;
      starts.push(...(await timeslotsOn(first!, productId, day)).map((s) => s.beginTime));
    }
    // The race runs on several starts, most free desks first: one race's p99 swings with how its
    // arrivals happen to spread (decision 0413), and the row judges every one of them.
    const candidates: Array<{ start: string; free: number }> = [];
    for (const slot of (await timeslotsOn(first!, productId, contentionDay)).slice(0, 60))
      candidates.push({ start: slot.beginTime, free: await freeDesksAt(query, slot.beginTime, 12) });
    const raceStarts = candidates
      .sort((a, b) => b.free - a.free)
      .slice(0, SETTINGS.contention.races)
      .map((c) => c.start);
    const visitors = new Visitors();
    const stopSampling = sampleMemory(apis);
    // The write ceiling: GET /api/health from as many clients as the pairs use, on every process at once.
    const writeCeiling = await Promise.all(
      apis.map((api) => measureCeiling(api, Math.ceil(SETTINGS.pairs.clients / apis.length))),
    );
    const writeCeilingPerSecond = writeCeiling.reduce((n, c) => n + c.perSecond, 0);
    const half = Math.floor(starts.length / 2);
    const processes = apis.length;
    log(
      `postgres: hold + confirm pairs on 1 process, then on ${apis.length}, ${SETTINGS.pairs.clients} clients`,
    );
    // The second process's mail worker sends some of the first one's mails: its CPU is counted too
    // (without it the one-process row showed about half the API CPU a pair costs).
    const pairs1 = await measurePairs([first!], productId, starts.slice(0, half), visitors, query, apis);
    const pairs = await measurePairs(apis, productId, starts.slice(half), visitors, query);
    const crowds: ContentionResult[] = [];
    for (const start of raceStarts) {
      const freeDesks = await freeDesksAt(query, start, 12);
      log(`postgres: ${SETTINGS.contention.holds} simultaneous holds on ${start} (${freeDesks} free desks)`);
      crowds.push(await measureContention(apis, productId, start, freeDesks, visitors, query));
    }
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
    log(`postgres: growth, availability as the appointments grow (one process)`);
    const [growthApi] = await startApis(1, 'growth-api', secret);
    apis.push(growthApi!);
    const growthCeiling = await measureCeiling(growthApi!, 1);
    const growth = await measureGrowth(probe!, growthApi!, productId, expectedDays);
    // Two HTTP requests a pair: the share of the trivial-request rate one pair costs.
    const pairShare = (p: typeof pairs) => ratio(2 * p.perSecond, writeCeilingPerSecond);
    // What one pair costs the machine, whatever else runs on it: the rate its CPU time allows on all cores.
    const pairCpu = (p: typeof pairs) => {
      const { apiMs, databaseMs } = p.cpuPerPair;
      const total = apiMs + (databaseMs ?? 0);
      const mail = p.mailDrained
        ? 'its mail worker included'
        : 'mails still queued at the drain limit: too low';
      return `CPU per pair: API ${apiMs} ms (${mail}), PostgreSQL ${databaseMs} ms, so at most ${Math.round((os.cpus().length * 1000) / Math.max(total, 0.01))}/s on ${os.cpus().length} cores`;
    };
    const growthLine = (points: typeof growth.past, key: 'pastAppointments' | 'windowAppointments') =>
      points.map((p) => `${compact(p[key])}: ${p.availableDays.p50}/${p.availableDays.p95}`).join(', ');

    rows.push(
      {
        what: `PostgreSQL: ceiling, GET /api/health on ${processes} processes (${SETTINGS.pairs.clients} clients)`,
        measured: `${writeCeilingPerSecond}/s`,
        target: '(ceiling)',
        pass: null,
      },
      {
        what: 'PostgreSQL: hold + confirm pairs, distinct slots, 1 process',
        measured: `${pairs1.perSecond}/s, ${pairs1.withMailPerSecond}/s until their mails were sent (${pairs1.confirmed} of ${pairs1.attempted}; hold p95 ${ms(pairs1.hold.p95)}, confirm p95 ${ms(pairs1.confirm.p95)}); ${pairCpu(pairs1)}`,
        target: '(info)',
        pass: null,
      },
      {
        what: `PostgreSQL: hold + confirm pairs, distinct slots, ${processes} processes`,
        measured: `${pairs.perSecond}/s, ${pairs.withMailPerSecond}/s until their mails were sent (${pairs.confirmed} of ${pairs.attempted}; hold p95 ${ms(pairs.hold.p95)}, confirm p95 ${ms(pairs.confirm.p95)}); its 2 requests = ${pairShare(pairs)}× the ceiling's rate; ${pairCpu(pairs)}`,
        target: '≥ 300 per second',
        pass: SETTINGS.smoke ? null : pairs.perSecond >= 300 && pairs.confirmed === pairs.attempted,
      },
      {
        what: `PostgreSQL: ${SETTINGS.contention.holds} simultaneous holds on one slot (${crowds.length} races)`,
        measured: crowds
          .map(
            (crowd) =>
              `${crowd.succeeded} ok of ${crowd.freeDesks} free desks, ${JSON.stringify(crowd.statuses)}, p99 ${ms(crowd.latency.p99)}; CPU for all ${crowd.holds}: API ${crowd.cpu.apiMs} ms, PostgreSQL ${crowd.cpu.databaseMs} ms`,
          )
          .join(' · '),
        target: 'one per free desk, rest 409, p99 ≤ 200 ms (every race)',
        pass: SETTINGS.smoke ? null : crowds.every((c) => c.correct && c.latency.p99 <= 200),
      },
      {
        what: 'PostgreSQL: mail queue drained by one process to a local SMTP server',
        measured: `${drain.perSecond}/s (${drain.delivered} of ${drain.queued} in ${ms(drain.elapsedMs)}; CPU ${drain.cpuMsPerMail} ms a mail)`,
        target: '≥ 50 per second per process',
        pass: SETTINGS.smoke ? null : drain.perSecond >= 50 && drain.delivered === drain.queued,
      },
      ...memory.map((m) => ({
        what: `PostgreSQL: resident memory of ${m.process} under that load`,
        measured: `peak ${m.peakRssMb} MB (VmHWM over the whole run ${m.hwmMb} MB)`,
        target: '≤ 200 MB per process',
        pass: SETTINGS.smoke ? null : m.peakRssMb <= 200,
      })),
      {
        what: 'PostgreSQL growth: /available-days p50/p95 ms by older appointments',
        measured: `${growthLine(growth.past, 'pastAppointments')} (spread ${spread(growth.past)}×; ceiling p50 ${ms(growthCeiling.p50)})`,
        target: 'flat: p50 spread ≤ 1.2×',
        pass: SETTINGS.smoke ? null : spread(growth.past) <= 1.2,
      },
      {
        what: 'PostgreSQL growth: /available-days p50/p95 ms by bookings in the window',
        measured: growthLine(growth.window, 'windowAppointments'),
        target: 'roughly linear (info)',
        pass: null,
      },
    );
    const svg = resultsFile(SETTINGS.smoke ? 'smoke-growth.svg' : 'growth.svg');
    writeFileSync(svg, growthSvg(growth, growthCeiling.p50));
    // Make sure every crowd answer closed before the mail drain counted: the crowd's holds never confirm.
    for (const crowd of crowds)
      if (!crowd.correct)
        throw new Error(`contention: ${JSON.stringify(crowd.statuses)} for ${crowd.freeDesks} free desks`);
    return {
      rows,
      results: {
        ...results,
        writeCeiling: { perSecond: writeCeilingPerSecond, perProcess: writeCeiling },
        pairs: { oneProcess: pairs1, twoProcesses: pairs },
        contention: crowds.map((crowd, i) => ({ start: raceStarts[i], ...crowd })),
        memory,
        drain,
        growth: { ceiling: growthCeiling, ...growth, plot: svg },
      },
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

const compact = (n: number) => (n >= 1000 ? `${Math.round(n / 100) / 10}k` : String(n));

/**
 * /new in Chromium against the built product on PGlite with the demo data, so the page shows what a
 * visitor sees (products with descriptions and notices, in categories), not an empty list: scripts
 * fetched and LCP at 4× CPU slow-down.
 */
async function browserOnNew(): Promise<BrowserFigures> {
  const target = createPglite();
  const api = await startApi('web-api', target, newSecret(), { DEMO_DATA: '1' });
  running.add(api);
  try {
    return await measureNewInBrowser(`http://127.0.0.1:${api.port}`, SETTINGS.smoke ? 1 : 5);
  } finally {
    await api.stop();
    running.delete(api);
    await target.dispose();
  }
}

/**
 * The median LCP with its runs, its ratio to the ceiling page's LCP in the same runs (a busy machine shows
 * there, not as a regression), and where /new's main-thread time went.
 */
const lcpLine = (b: BrowserFigures) =>
  `${b.lcpMedianMs} ms (runs: ${b.lcpMs.join(', ')}; 0 = none seen); ` +
  `${ratio(b.lcpMedianMs, b.ceilingLcpMedianMs)}× the ceiling (GET /api/health in Chromium: ${b.ceilingLcpMedianMs} ms); ` +
  `main thread ${b.mainThread.allTasksMs} ms, of which script ${b.mainThread.scriptMs}, style and layout ${b.mainThread.styleAndLayoutMs}`;

async function main(): Promise<void> {
  const started = Date.now();
  const rows: Row[] = [];
  const results: Record<string, unknown> = {
    date: new Date().toISOString(),
    smoke: SETTINGS.smoke,
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
    if (SETTINGS.only && SETTINGS.only !== kind) {
      log(`${kind}: skipped (BENCH_ONLY=${SETTINGS.only}, or a smoke run without TEST_DATABASE_URL)`);
      continue;
    }
    const run = await benchOn(kind);
    rows.push(...run.rows);
    log(`${kind}: the statistics of a year (the data set plus a year of history)`);
    const statistics = await statisticsOn(kind, log);
    rows.push(statisticsRow(statistics));
    results[kind] = { ...run.results, statistics };
  }
  closeConnections();

  log('/new: JavaScript budget from the build, then in Chromium');
  const web = measureWebBudget();
  const browser = web.skipped ? undefined : await browserOnNew();
  results.web = { ...web, browser };
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
          measured: `${web.totalGzipKb} KB in ${web.chunks.length} files (build); ${browser!.scriptsGzipKb} KB fetched in Chromium`,
          target: '≤ 170 KB',
          pass: SETTINGS.smoke ? null : Math.max(web.totalGzipKb, browser!.scriptsGzipKb) <= 170,
        },
    {
      what: 'public booking page /new: LCP, 4× CPU slow-down (median)',
      measured: !browser
        ? 'skipped'
        : Number.isNaN(browser.lcpMedianMs)
          ? `no LCP entry seen in ${browser.lcpMs.length} loads`
          : lcpLine(browser),
      target: '≤ 1.5 s',
      pass: browser && !SETTINGS.smoke ? browser.lcpMedianMs <= 1500 : null, // NaN: fails, as it should
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
  if (SETTINGS.smoke) console.log('\nSmoke run: small data set, short runs; the figures judge nothing.');
  console.log(
    `\nResults: ${writeResults(results, SETTINGS.smoke ? 'smoke.json' : 'latest.json')} (${Math.round((Date.now() - started) / 1000)} s)`,
  );
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
