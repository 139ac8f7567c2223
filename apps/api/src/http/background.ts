import type { FastifyBaseLogger } from 'fastify';

/**
 * Work a route starts and does not await, so that its reply cannot reveal how long the work took
 * (forgot-password must not tell whether an address has an account). Failures are logged; shutdown and
 * tests wait for what is still running through `settled()`.
 */
export class BackgroundWork {
  private readonly pending = new Set<Promise<void>>();

  constructor(private readonly log: FastifyBaseLogger) {}

  run(what: string, work: () => Promise<void>): void {
    const task: Promise<void> = work()
      .catch((err: unknown) => this.log.error({ err }, `${what} failed`))
      .finally(() => this.pending.delete(task));
    this.pending.add(task);
  }

  /** Resolves once nothing started so far (or by the work itself meanwhile) is still running. */
  async settled(): Promise<void> {
    while (this.pending.size > 0) await Promise.allSettled([...this.pending]);
  }
}
