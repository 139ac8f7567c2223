/**
 * `npm run fault-run` (docs/fault-run.md): two API processes on a fresh PostgreSQL database under booking
 * load for 60 s; the SMTP server down for 30 s, then back; one process killed with SIGKILL while the mail
 * backlog drains, then restarted. Afterwards it checks, in SQL and at the SMTP server, that no two active
 * bookings overlap, that every confirmed appointment got exactly one confirmation mail within 90 s of the
 * mail server's return, and that only the killed process answered 5xx. Loopback only; exits 1 when a
 * check fails, 2 when the run itself breaks.
 */
import os from 'node:os';
import { rawQuery } from '@balie/api/dist/db/client.js';
import { newSecret, startApi, type ApiProcess } from '../api-process.js';
import { createPostgres, openBenchDatabase, type BenchDatabase } from '../databases.js';
import { closeConnections } from '../http-client.js';
import { availableDays, timeslotsOn } from '../read-scenarios.js';
import {
  checkConfirmationMails,
  overlappingBookings,
  rowsLeasedBy,
  sentWithin,
  unsentMails,
} from './checks.js';
import { runLoad, type ApiSlot } from './load.js';
import { SmtpSink } from '../smtp-sink.js';

/** The timeline, in ms from the start of the load. */
const PLAN = {
  loadMs: 60_000,
  smtpDownAt: 5_000,
  smtpUpAt: 35_000,
  /** From then on, api-2 is killed the moment it holds leased outbox rows (at the latest 10 s later). */
  killAt: 38_000,
  restartAt: 45_000,
  /** Every confirmation must be out this long after the SMTP server's return. */
  mailDeadlineMs: 90_000,
  pairsPerSecond: 25,
  /** Enough that slow answers on a busy machine do not hold the pace back. */
  clients: 32,
  smtpAcceptMs: 20,
  /** The whole run is cut off after this, whatever happens. */
  hardLimitMs: 4 * 60_000,
};

const postgresUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const started = Date.now();
const log = (message: string) =>
  console.log(`[fault ${((Date.now() - started) / 1000).toFixed(1).padStart(5)} s] ${message}`);
const running = new Set<ApiProcess>();
const sleepUntil = (at: number) => new Promise((r) => setTimeout(r, Math.max(0, at - Date.now())));

async function main(): Promise<boolean> {
  const target: BenchDatabase = await createPostgres(postgresUrl);
  const smtp = await SmtpSink.start(PLAN.smtpAcceptMs);
  const probe = await openBenchDatabase(target);
  const query = rawQuery(probe);
  const secret = newSecret();
  const env = { SMTP_URL: smtp.url, MAIL_FROM: 'Balie <balie@fault.test>', LOG_LEVEL: 'fatal' };
  const start = async (name: string, extra: NodeJS.ProcessEnv = {}) => {
    const api = await startApi(name, target, secret, { ...env, ...extra });
    running.add(api);
    return api;
  };
  try {
    // The first process migrates and loads the demo schedule; the second finds both done.
    const slots: ApiSlot[] = [
      { current: await start('api-1', { DEMO_DATA: '1' }), instance: 'api-1' },
      { current: await start('api-2'), instance: 'api-2' },
    ];
    const [product] = await query<{ id: number }>(
      'SELECT id FROM products WHERE time_unit = 12 AND active ORDER BY id LIMIT 1',
    );
    const days = (await availableDays(slots[0]!.current, product!.id)).slice(1);
    const starts: string[] = [];
    for (const day of days)
      for (const slot of await timeslotsOn(slots[0]!.current, product!.id, day)) starts.push(slot.beginTime);
    log(`database ${target.databaseUrl}, ${starts.length} free start times on ${days.length} days`);

    const t0 = Date.now();
    const load = runLoad(slots, product!.id, starts, {
      perSecond: PLAN.pairsPerSecond,
      clients: PLAN.clients,
      untilMs: t0 + PLAN.loadMs,
    });
    log(
      `load: ${PLAN.pairsPerSecond} hold+confirm pairs a second on both processes for ${PLAN.loadMs / 1000} s`,
    );

    await sleepUntil(t0 + PLAN.smtpDownAt);
    await smtp.down();
    log('SMTP server down');
    await sleepUntil(t0 + PLAN.smtpUpAt);
    await smtp.up();
    const smtpBackAt = Date.now();
    log('SMTP server up');

    await sleepUntil(t0 + PLAN.killAt);
    const victim = slots[1]!;
    const killedPid = victim.current.pid;
    const killBy = Date.now() + 10_000;
    while (Date.now() < killBy && (await rowsLeasedBy(query, killedPid)).length === 0)
      await sleepUntil(Date.now() + 10);
    await victim.current.kill();
    running.delete(victim.current);
    const killedAt = Date.now();
    const orphaned = await rowsLeasedBy(query, killedPid);
    log(`api-2 killed (SIGKILL) holding ${orphaned.length} leased outbox rows`);
    await sleepUntil(t0 + PLAN.restartAt);
    victim.current = await start('api-2-restarted');
    victim.instance = 'api-2-restarted';
    log('api-2 restarted');

    const figures = await load;
    log(`load over: ${figures.attempted} pairs tried, ${figures.confirmed} confirmed`);

    // Wait for the outbox to drain (or the deadline), then give late copies a moment to arrive.
    const deadline = smtpBackAt + PLAN.mailDeadlineMs;
    while (Date.now() < deadline && (await unsentMails(query)) > 0) await sleepUntil(Date.now() + 1000);
    await sleepUntil(Date.now() + 2000);

    const overlaps = await overlappingBookings(query);
    const mails = await checkConfirmationMails(query, smtp.deliveries, { smtpBackAt, killedAt }, orphaned);
    const unsent = await unsentMails(query);
    const recovered = await sentWithin(query, orphaned, killedAt);
    const fiveXx = Object.entries(figures.answers).flatMap(([instance, statuses]) =>
      Object.entries(statuses)
        .filter(([status]) => status.startsWith('5'))
        .map(([status, n]) => ({ instance, status, n })),
    );
    const fiveXxOutsideKilled = fiveXx.filter((x) => x.instance !== 'api-2');

    console.log('\nFigures');
    // A busy machine stretches every delay below; the load average says how busy it was.
    console.log(
      `  load average (1/5 min):    ${os
        .loadavg()
        .slice(0, 2)
        .map((l) => l.toFixed(1))
        .join(' / ')} on ${os.cpus().length} CPUs`,
    );
    console.log(`  answers by process:        ${JSON.stringify(figures.answers)}`);
    console.log(
      `  confirmed appointments:    ${mails.confirmed} (load saw ${figures.confirmed} confirms answered 201)`,
    );
    console.log(
      `  mails received:            ${smtp.deliveries.length}, peak ${mails.peakPerSecond} a second`,
    );
    console.log(
      `  confirm → mail delay:      p50 ${mails.delay.p50} s, p95 ${mails.delay.p95} s, max ${mails.delay.max} s`,
    );
    console.log(
      `  last mail after SMTP back: ${((Math.max(...smtp.deliveries.map((d) => d.at)) - smtpBackAt) / 1000).toFixed(1)} s`,
    );
    console.log(
      `  killed process's leased rows: ${orphaned.length}, all sent ${recovered === null ? 'NOT YET' : `${recovered.toFixed(1)} s after the kill`}`,
    );
    console.log(`  duplicates in the kill window (decision 0141): ${mails.duplicatesInKillWindow.length}`);
    for (const d of mails.duplicatesInKillWindow) console.log(`    ${d}`);

    const checks: Array<[string, boolean, string]> = [
      ['no overlapping active bookings', overlaps === 0, `${overlaps} overlapping pairs`],
      ['no confirmation missing', mails.missing.length === 0, mails.missing.slice(0, 5).join(', ')],
      ['outbox empty', unsent === 0, `${unsent} unsent rows`],
      [
        'every confirmation within 90 s of SMTP return',
        mails.late.length === 0,
        mails.late.slice(0, 5).join(', '),
      ],
      ['no confirmation sent twice', mails.duplicates.length === 0, mails.duplicates.slice(0, 5).join('; ')],
      ['no mail to an unknown address', mails.strays === 0, `${mails.strays} strays`],
      [
        'no 5xx except from the killed process',
        fiveXxOutsideKilled.length === 0,
        JSON.stringify(fiveXxOutsideKilled),
      ],
      ['the load confirmed appointments', figures.confirmed > 0, 'none confirmed'],
    ];
    console.log('\nChecks');
    for (const [name, ok, detail] of checks)
      console.log(`  ${ok ? 'PASS' : 'FAIL'}  ${name}${ok ? '' : `: ${detail}`}`);
    return checks.every(([, ok]) => ok);
  } finally {
    closeConnections();
    await Promise.all([...running].map((api) => api.stop()));
    running.clear();
    await probe.close();
    await smtp.down();
    await target.dispose();
  }
}

function killAll(reason: string): never {
  console.error(`fault run stopped: ${reason}`);
  for (const api of running) process.kill(api.pid, 'SIGKILL');
  process.exit(2);
}

// However this process ends, no API process outlives it.
process.on('exit', () => {
  for (const api of running) process.kill(api.pid, 'SIGKILL');
});
setTimeout(() => killAll(`hard limit of ${PLAN.hardLimitMs / 1000} s reached`), PLAN.hardLimitMs).unref();
process.once('SIGINT', () => killAll('interrupted'));
main().then(
  (ok) => {
    log(ok ? 'all checks passed' : 'a check failed');
    process.exit(ok ? 0 : 1);
  },
  (err: unknown) => {
    console.error(err);
    for (const api of running) process.kill(api.pid, 'SIGKILL');
    process.exit(2);
  },
);
