import { and, eq, isNull, sql } from 'drizzle-orm';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  preHandlerAsyncHookHandler,
  RouteOptions,
} from 'fastify';
import { hasAccess, type Role } from '@balie/shared';
import { organisation, refreshTokens, users } from '../db/schema/index.js';
import { verifyAccessToken } from '../security/jwt.js';
import { httpError } from './errors.js';

export interface AuthUser {
  id: number;
  email: string;
  roles: string[];
  /** The session (refresh-token family) of the access token in use. */
  sessionId: string;
  /** Whether the account has two-step sign-in on. */
  mfaEnabled: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, or null for a guest (also when the bearer token is invalid or expired). */
    user: AuthUser | null;
    /**
     * A signed-in admin who must turn on two-step sign-in first (organisation `requireMfaForAdmins`):
     * outside the routes marked `duringMfaSetup` they count as a guest, and guarded routes answer 403
     * `mfa_setup_required` (decision 0362).
     */
    mfaSetupPending: boolean;
  }
  interface FastifyContextConfig {
    /** Open to an admin whose two-step sign-in is required and not yet on: the setup and who they are. */
    duringMfaSetup?: boolean;
  }
}

/** Route config of the routes an admin held to the two-step setup may use (decision 0362). */
export const DURING_MFA_SETUP = { duringMfaSetup: true } as const;

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
 * new password end access tokens at once too (decision 0326). The same query tells whether the account
 * is an admin held to the two-step setup (decision 0362): decided per request like the roles, so turning
 * the requirement on holds every admin's open session, and confirming a setup frees it at once.
 */
export function installAuth(app: FastifyInstance): void {
  app.decorateRequest('user', null);
  app.decorateRequest('mfaSetupPending', false);
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
    // A provider session whose ID token named a second factor counts as two-step sign-in (DESIGN §4c).
    const providerMfa = app.db
      .select({ mfa: sql`bool_or(${refreshTokens.providerMfa})` })
      .from(refreshTokens)
      .where(eq(refreshTokens.familyId, claims.sessionId));
    const required = app.db
      .select({ required: organisation.requireMfaForAdmins })
      .from(organisation)
      .where(eq(organisation.id, 1));
    const [row] = await app.db
      .select({
        id: users.id,
        email: users.email,
        roles: users.roles,
        mfaEnabled: sql<boolean>`${users.mfaEnabledAt} is not null`,
        mfaRequired: sql<boolean>`coalesce((${required}), false)`,
        providerMfa: sql<boolean>`coalesce((${providerMfa}), false)`,
      })
      .from(users)
      .where(and(eq(users.id, claims.userId), sql`exists ${live}`));
    if (!row) return;
    const { mfaRequired, providerMfa: secondFactorAtProvider, ...user } = row;
    const held =
      mfaRequired && !user.mfaEnabled && !secondFactorAtProvider && hasAccess(user.roles, 'ROLE_ADMIN');
    if (held && !request.routeOptions.config.duringMfaSetup) {
      request.mfaSetupPending = true;
      return;
    }
    request.user = { ...user, sessionId: claims.sessionId };
  });
}

/** 401 for a guest; 403 `mfa_setup_required` for an admin held to the two-step setup. */
function signInFirst(request: FastifyRequest) {
  return httpError(request.mfaSetupPending ? 'mfa_setup_required' : 'unauthorized');
}

/**
 * The refusal of a call that needs a role the caller lacks, for handlers that check it themselves (an
 * admin variant of an open route): 403 for someone signed in, 401 for a guest, 403 `mfa_setup_required`
 * for an admin held to the two-step setup.
 */
export function accessRefused(request: FastifyRequest) {
  return request.user ? httpError('forbidden') : signInFirst(request);
}

/** preHandler: 401 for guests. */
export const requireAuth: preHandlerAsyncHookHandler = async (
  request: FastifyRequest,
  _reply: FastifyReply,
) => {
  if (!request.user) throw signInFirst(request);
};
ACCESS_GUARDS.add(requireAuth);

/** preHandler: 401 for guests, 403 without the role (role groups expand: a developer is an admin). */
export function requireRole(role: Role): preHandlerAsyncHookHandler {
  const guard: preHandlerAsyncHookHandler = async (request: FastifyRequest) => {
    if (!request.user) throw signInFirst(request);
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
