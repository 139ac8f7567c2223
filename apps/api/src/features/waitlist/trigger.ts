import type { FastifyInstance } from 'fastify';
import { matchWaitlist } from './matcher.js';

/**
 * After a change that frees capacity (a cancellation, a place confirmed or left, an offer declined): a
 * pass of the matcher after the reply, so the freed slot is offered before the minute's pass.
 */
export function matchSoon(app: FastifyInstance): void {
  app.background.run('waitlist match', async () => {
    await matchWaitlist(app);
  });
}
