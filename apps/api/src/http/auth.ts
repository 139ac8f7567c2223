import { and, eq, isNull, sql } from 'drizzle-orm';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  preHandlerAsyncHookHandler,
  RouteOptions,
} from 'fastify';
import { hasAccess, type Role } from '@balie/shared';
import { refreshTokens, users } from '../db/schema/index.js';
import { verifyAccessToken } from '../security/jwt.js';
import { httpError } from './errors.js';

export interface AuthUser {
  id: number;
  email: string;
  roles: string[];
  /** The session (refresh-token family) of the access token in use. */
  sessionId: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, or null for a guest (also when the bearer token is invalid or expired). */
    user: AuthUser | null;
  }
}

/** The preHandlers made by requireAuth/requireRole, which hoistAccessGuards moves ahead of the input. */
const ACCESS_GUARDS = new WeakSet<object>();

/**
 * Routes name their access guard as a preHandler (`preHandler: requireRole('ROLE_ADMIN')`), but Fastify
 * runs preHandlers after parsing and validating the input: a guest would get 400 about a protected
 * route's body instead of 401. The guards run right after the user is read instead, before the body is
 * even parsed.
 */
function hoistAccessGuards(route: RouteOptions): void {
  const preHandlers = [route.preHandler ?? []].flat();
  const guards = preHandlers.filter((h) => ACCESS_GUARDS.has(h));
  if (guards.length === 0) return;
  route.preHandler = preHandlers.filter((h) => !ACCESS_GUARDS.has(h));
  route.onRequest = [...[route.onRequest ?? []].flat(), ...guards] as RouteOptions['onRequest'];
}

/**
 * Reads the bearer token on every request. Roles come from the database, not the token, so a demoted
 * or deleted user loses access at once rather than when the 15-minute token runs out; in the same query
 * the token's session must still be live (a refresh token of its family not revoked), so logout and a
 * new password end access tokens at once too (decision 0326).
 */
export function installAuth(app: FastifyInstance): void {
  app.decorateRequest('user', null);
  app.addHook('onRoute', hoistAccessGuards);
  app.addHook('onRequest', async (request) => {
    const header = request.headers.authorization;
    if (!header?.startsWith('Bearer ')) return;
    const claims = await verifyAccessToken(app.config.secret, header.slice(7).trim());
    if (claims === null) return;
    const live = app.db
      .select({ one: sql`1` })
      .from(refreshTokens)
      .where(and(eq(refreshTokens.familyId, claims.sessionId), isNull(refreshTokens.revokedAt)));
    const [row] = await app.db
      .select({ id: users.id, email: users.email, roles: users.roles })
      .from(users)
      .where(and(eq(users.id, claims.userId), sql`exists ${live}`));
    request.user = row ? { ...row, sessionId: claims.sessionId } : null;
  });
}

/** preHandler: 401 for guests. */
export const requireAuth: preHandlerAsyncHookHandler = async (
  request: FastifyRequest,
  _reply: FastifyReply,
) => {
  if (!request.user) throw httpError('unauthorized');
};
ACCESS_GUARDS.add(requireAuth);

/** preHandler: 401 for guests, 403 without the role (role groups expand: a developer is an admin). */
export function requireRole(role: Role): preHandlerAsyncHookHandler {
  const guard: preHandlerAsyncHookHandler = async (request: FastifyRequest) => {
    if (!request.user) throw httpError('unauthorized');
    if (!hasAccess(request.user.roles, role)) throw httpError('forbidden');
  };
  ACCESS_GUARDS.add(guard);
  return guard;
}

export function isAdmin(user: AuthUser | null): boolean {
  return hasAccess(user?.roles, 'ROLE_ADMIN');
}

/** The people behind the desk (DESIGN §4b *Staff*): every appointment is theirs to see and act on. Admins too. */
export function isStaff(user: AuthUser | null): boolean {
  return hasAccess(user?.roles, 'ROLE_STAFF');
}

/** The signed-in user; only after requireAuth/requireRole. */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw httpError('unauthorized');
  return request.user;
}
