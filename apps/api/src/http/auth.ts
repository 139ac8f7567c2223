import { and, eq, isNull, sql } from 'drizzle-orm';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  preHandlerAsyncHookHandler,
  RouteOptions,
} from 'fastify';
import { hasAccess, type Role } from '@balie/shared';
import { integrationClients, organisation, refreshTokens, users } from '../db/schema/index.js';
import { verifyAccessToken, verifyClientToken } from '../security/jwt.js';
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

/** The integration client a request speaks for (DESIGN §4c): an OAuth2 client-credentials token. */
export interface AuthClient {
  id: number;
  name: string;
  mailsVisitor: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The integration client whose token the request carries, or null. Such a request has no `user`:
     * it opens the integration routes (guarded by `requireIntegrationClient`) and the open ones only.
     */
    integrationClient: AuthClient | null;
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
  app.decorateRequest('integrationClient', null);
  app.addHook('onRoute', hoistAccessGuards);
  app.addHook('onRequest', async (request) => {
    const header = request.headers.authorization;
    if (!header?.startsWith('Bearer ')) return;
    const token = header.slice(7).trim();
    const claims = await verifyAccessToken(app.config.secret, token);
    if (claims === null) {
      request.integrationClient = await liveClient(app, token);
      return;
    }
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

/** How often a client's `lastUsedAt` is written: the admin screen shows it to the minute. */
const LAST_USED_STEP_MS = 60_000;

/**
 * The client of a valid client token, read from the database on every request like a user's roles: a
 * revoked client, or a token of a secret since renewed, opens nothing from that moment on, on every
 * process (DESIGN §5).
 */
async function liveClient(app: FastifyInstance, token: string): Promise<AuthClient | null> {
  const claims = await verifyClientToken(app.config.secret, token);
  if (claims === null) return null;
  const [row] = await app.db
    .select({
      id: integrationClients.id,
      name: integrationClients.name,
      mailsVisitor: integrationClients.mailsVisitor,
      lastUsedAt: integrationClients.lastUsedAt,
    })
    .from(integrationClients)
    .where(
      and(
        eq(integrationClients.id, claims.clientRowId),
        eq(integrationClients.secretVersion, claims.secretVersion),
        isNull(integrationClients.revokedAt),
      ),
    );
  if (!row) return null;
  const { lastUsedAt, ...client } = row;
  const now = new Date();
  if (!lastUsedAt || now.getTime() - lastUsedAt.getTime() >= LAST_USED_STEP_MS)
    await app.db
      .update(integrationClients)
      .set({ lastUsedAt: now })
      .where(eq(integrationClients.id, client.id));
  return client;
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

/**
 * preHandler of the integration routes (DESIGN §5): 401 for anyone without a live client token — a
 * signed-in admin included, as these routes speak only to systems.
 */
export const requireIntegrationClient: preHandlerAsyncHookHandler = async (request: FastifyRequest) => {
  if (!request.integrationClient) throw httpError('unauthorized');
};
ACCESS_GUARDS.add(requireIntegrationClient);

/** The integration client behind a request; only after requireIntegrationClient. */
export function currentClient(request: FastifyRequest): AuthClient {
  if (!request.integrationClient) throw httpError('unauthorized');
  return request.integrationClient;
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
