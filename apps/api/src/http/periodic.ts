import type { FastifyInstance } from 'fastify';

/**
 * A job every API process runs once as it starts (work that came due while no server ran — a deploy, a
 * weekend — is done at once) and then every `intervalMs`; the job itself must be safe to run on several
 * processes at the same time. A failure is logged (as `<what> failed`) and the next run tries again.
 */
export function runAtStartAndEvery(
  app: FastifyInstance,
  what: string,
  intervalMs: number,
  job: () => Promise<unknown>,
): void {
  let timer: NodeJS.Timeout | undefined;
  const run = () => job().catch((err: unknown) => app.log.error({ err }, `${what} failed`));
  app.addHook('onReady', async () => {
    await run();
    timer = setInterval(run, intervalMs);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}
