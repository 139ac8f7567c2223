import type { FastifyRequest } from 'fastify';
import { currentUser } from '../http/auth.js';

/** Who makes an admin change, for the audit trail. */
export interface Actor {
  userId: number;
  ip: string;
}

/** The signed-in admin behind a request (routes guarded by requireRole only). */
export const actorOf = (request: FastifyRequest): Actor => ({
  userId: currentUser(request).id,
  ip: request.ip,
});
