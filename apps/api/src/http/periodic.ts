import type { FastifyInstance } from 'fastify';

/**
 * A job every API process runs once as it starts (work that came due while no server ran — a deploy, a
 * weekend — is done at once) and then every `intervalMs`; the job itself must be safe to run on several
 * processes at the same time. A failure is logged (as `<what> failed`) and the next run tries again.
 *
 * The start's run does not hold up the start (decision 0407): a backlog — a year of appointments past
 * their retention period after an upgrade — took minutes, and Fastify gave up on the server after 10 s.
 * One run at a time per process; closing the server aborts `signal` and waits for the run to stop,
 * which a job with a backlog checks between its batches.
 */
export function runAtStartAndEvery(
  app: FastifyInstance,
  what: string,
  intervalMs: number,
  job: (signal: AbortSignal) => Promise<unknown>,
): void {
  let timer: NodeJS.Timeout | undefined;
  const stop = new AbortController();
  let running: Promise<void> | undefined;
  // Not before the process serves: while its migrations run the tables are not yet the job's (readiness.ts).
  const run = () =>
    (running ??= app.readiness
      .serving()
      .then((serving) => (serving ? job(stop.signal) : undefined))
      .then(
        () => undefined,
        (err: unknown) => app.log.error({ err }, `${what} failed`),
      )
      .finally(() => (running = undefined)));
  app.addHook('onReady', async () => {
    // The start's run is background work like a route's: `app.background.settled()` waits for it, so a
    // test app can begin with no job beside its tests (a start-up retention run once deleted the mail
    // file a retention test had just written, and the test's own run counted none).
    app.background.run(what, run);
    timer = setInterval(run, intervalMs);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    stop.abort();
    await running;
  });
}
