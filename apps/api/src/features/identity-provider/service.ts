import {
  hasAccess,
  rolesFor,
  type IdentityProvider,
  type LoginAnswer,
  type OidcFailure,
  type PutIdentityProviderRequest,
} from '@balie/shared';
import { changedFields, recordAudit } from '../../audit/audit.js';
import type { Actor } from '../../audit/actor.js';
import type { Config } from '../../config.js';
import type { Db, Tx } from '../../db/client.js';
import { sqlStateOf, SQLSTATE } from '../../db/errors.js';
import { httpError, validationError } from '../../http/errors.js';
import { signMfaToken } from '../../security/jwt.js';
import { openSecret, sealSecret } from '../../security/secret-box.js';
import { hashToken, randomToken } from '../../security/tokens.js';
import { providerSession, signIn, type Ctx } from '../auth/service.js';
import * as authRepo from '../auth/repository.js';
import * as users from '../users/repository.js';
import * as oidc from './oidc.js';
import * as repo from './repository.js';

const SECRET_PURPOSE = 'identity provider client secret';
/** From the start to the callback: time to sign in at the provider, with its own second factor. */
const SIGN_IN_MINUTES = 10;
/** From the callback to the page taking its session: a redirect, so a minute is plenty. */
const HANDOFF_SECONDS = 60;
/** An account made at a first sign-in through the provider has no password: no hash matches this. */
const NO_PASSWORD = '!';

/** A sign-in that ends without a session, with what the page says about it. */
export class OidcRefusal extends Error {
  constructor(
    readonly reason: OidcFailure,
    cause?: unknown,
  ) {
    super(`oidc sign-in refused: ${reason}`, { cause });
  }
}

function present(config: Config, row: repo.IdentityProviderRow): IdentityProvider {
  return {
    enabled: row.enabled,
    displayName: row.displayName,
    issuer: row.issuer,
    clientId: row.clientId,
    hasClientSecret: row.clientSecret !== null,
    roleClaim: row.roleClaim,
    adminValues: row.adminValues,
    staffValues: row.staffValues,
    passwordLoginForStaff: row.passwordLoginForStaff,
    redirectUri: oidc.redirectUriOf(config),
    adminSignedInAt: row.adminSignedInAt?.toISOString() ?? null,
  };
}

export async function readIdentityProvider(db: Db, config: Config): Promise<IdentityProvider> {
  return present(config, await repo.getIdentityProvider(db));
}

function settingsOf(config: Config, row: repo.IdentityProviderRow): oidc.ProviderSettings | null {
  const clientSecret = row.clientSecret && openSecret(config.secret, SECRET_PURPOSE, row.clientSecret);
  if (!row.enabled || !row.issuer || !row.clientId || !clientSecret) return null;
  return { issuer: row.issuer, clientId: row.clientId, clientSecret };
}

/**
 * PUT /identity-provider (admin, audited). An enabled provider is saved only when its discovery document
 * answers (400 `discovery_failed` on `issuer` otherwise), so a typo never reaches the login page. A new
 * issuer or client forgets that an admin signed in through the old one; password sign-in for staff is
 * switched off only once an admin signed in through the provider as it is now (409
 * `provider_not_proven`): the last admin never locks everyone out.
 */
export async function putIdentityProvider(
  db: Db,
  config: Config,
  actor: Actor,
  body: PutIdentityProviderRequest,
): Promise<IdentityProvider> {
  const secret = body.clientSecret?.trim() ? body.clientSecret.trim() : null;
  if (body.enabled) {
    const stored = await repo.getIdentityProvider(db);
    const missing = (
      [
        ['issuer', body.issuer],
        ['clientId', body.clientId],
        ['displayName', body.displayName],
      ] as const
    ).find(([, value]) => !value);
    if (missing) throw validationError(missing[0], 'required');
    const clientSecret =
      secret ?? (stored.clientSecret && openSecret(config.secret, SECRET_PURPOSE, stored.clientSecret));
    if (!clientSecret) throw validationError('clientSecret', 'required');
    if (body.adminValues.length + body.staffValues.length === 0)
      throw validationError('adminValues', 'required');
    try {
      await oidc.discover(config, { issuer: body.issuer, clientId: body.clientId, clientSecret });
    } catch (err) {
      if (err instanceof Error && 'statusCode' in err) throw err;
      throw validationError('issuer', 'discovery_failed');
    }
  }
  return db.transaction(async (tx) => {
    const before = await repo.getIdentityProvider(tx, true);
    const sameProvider = before.issuer === body.issuer && before.clientId === body.clientId;
    const adminSignedInAt = sameProvider ? before.adminSignedInAt : null;
    const passwordLoginForStaff = body.passwordLoginForStaff || !body.enabled;
    if (!passwordLoginForStaff && !adminSignedInAt) throw httpError('provider_not_proven');
    const values = {
      enabled: body.enabled,
      displayName: body.displayName,
      issuer: body.issuer,
      clientId: body.clientId,
      roleClaim: body.roleClaim,
      adminValues: body.adminValues,
      staffValues: body.staffValues,
      passwordLoginForStaff,
      adminSignedInAt,
      ...(secret ? { clientSecret: sealSecret(config.secret, SECRET_PURPOSE, secret) } : {}),
    };
    await repo.updateIdentityProvider(tx, values);
    const after = await repo.getIdentityProvider(tx);
    const shown = (row: repo.IdentityProviderRow) => ({
      enabled: row.enabled,
      displayName: row.displayName,
      issuer: row.issuer,
      clientId: row.clientId,
      roleClaim: row.roleClaim,
      adminValues: row.adminValues,
      staffValues: row.staffValues,
      passwordLoginForStaff: row.passwordLoginForStaff,
    });
    await recordAudit(tx, {
      actorUserId: actor.userId,
      action: 'identity_provider_updated',
      subjectType: 'identity_provider',
      subjectId: 1,
      ip: actor.ip,
      // The secret itself never reaches the trail: only that a new one was set.
      details: {
        changes: changedFields(shown(before), shown(after)),
        ...(secret ? { clientSecretChanged: true } : {}),
      },
    });
    return present(config, after);
  });
}

/** `GET /auth/oidc/start`: the provider's authorization URL and the browser's binding to this sign-in. */
export async function startSignIn(db: Db, config: Config): Promise<{ location: string; browser: string }> {
  const settings = settingsOf(config, await repo.getIdentityProvider(db));
  if (!settings) throw new OidcRefusal('disabled');
  const provider = await oidc.discover(config, settings).catch((err: unknown) => {
    throw new OidcRefusal('failed', err);
  });
  const start = await oidc.startAuthorization(config, provider);
  const browser = randomToken();
  await repo.deleteOldSignIns(db);
  await repo.insertSignIn(db, {
    stateHash: hashToken(start.state),
    browserHash: hashToken(browser),
    nonce: start.nonce,
    codeVerifier: start.codeVerifier,
    expiresAt: new Date(Date.now() + SIGN_IN_MINUTES * 60 * 1000),
  });
  return { location: start.url.toString(), browser };
}

type MappedRole = 'ROLE_ADMIN' | 'ROLE_STAFF' | null;

function mappedRoleOf(row: repo.IdentityProviderRow, claims: Record<string, unknown>): MappedRole {
  const values = oidc.roleValuesOf(claims, row.roleClaim);
  if (values.some((v) => row.adminValues.includes(v))) return 'ROLE_ADMIN';
  if (values.some((v) => row.staffValues.includes(v))) return 'ROLE_STAFF';
  return null;
}

/**
 * `GET /auth/oidc/callback`: the code exchanged and the ID token checked (by openid-client), then the
 * account: found by the provider's `sub`; at a first sign-in linked by the provider's verified e-mail
 * address to a staff account or an open invitation, or made (decision 0451). The role follows the claim at every
 * sign-in: without a mapped role the sign-in is refused, no account is made, and an account that had
 * staff rights loses them and its sessions (decision 0451). Answers the one-time hand-over for the page.
 */
export async function completeSignIn(
  ctx: Ctx,
  query: { search: string; state: string | undefined; browser: string | undefined },
): Promise<string> {
  if (!query.state || !query.browser) throw new OidcRefusal('expired');
  const signInRow = await repo.takeCallback(ctx.db, hashToken(query.state), hashToken(query.browser));
  if (!signInRow) throw new OidcRefusal('expired');
  const row = await repo.getIdentityProvider(ctx.db);
  const settings = settingsOf(ctx.config, row);
  if (!settings) throw new OidcRefusal('disabled');
  let claims: Record<string, unknown>;
  try {
    const provider = await oidc.discover(ctx.config, settings);
    claims = await oidc.completeAuthorization(ctx.config, provider, query.search, {
      state: query.state,
      nonce: signInRow.nonce,
      codeVerifier: signInRow.codeVerifier,
    });
  } catch (err) {
    throw new OidcRefusal('failed', err);
  }
  const issuer = String(claims.iss);
  const subject = String(claims.sub);
  const role = mappedRoleOf(row, claims);
  const providerMfa = oidc.secondFactorOf(claims);
  const email =
    typeof claims.email === 'string' && claims.email.includes('@')
      ? users.normaliseEmail(claims.email)
      : null;
  // Entra ID sends no `email_verified`; its optional claim `xms_edov` says the domain owner verified it.
  const emailVerified = claims.email_verified === true || claims.xms_edov === true;
  const userId = await ctx.db
    .transaction(async (tx) => {
      const linkedId = await repo.findUserIdBySubject(tx, issuer, subject);
      const linked = linkedId === undefined ? undefined : await users.findUserById(tx, linkedId);
      if (!role) {
        if (linked) await withdrawStaffRights(tx, ctx, linked.user);
        await recordAudit(tx, {
          actorUserId: linked?.user.id ?? null,
          action: 'login_failed',
          subjectType: 'user',
          subjectId: linked?.user.id,
          ip: ctx.ip,
          details: { method: 'oidc', reason: 'no_role' },
        });
        return null;
      }
      const account =
        linked?.user ?? (await linkOrMake(tx, ctx, { issuer, subject, email, emailVerified, claims, role }));
      await applyRole(tx, ctx, account, role);
      if (role === 'ROLE_ADMIN') await repo.updateIdentityProvider(tx, { adminSignedInAt: new Date() });
      return account.id;
    })
    .catch((err: unknown) => {
      // Two first sign-ins of one person at once: the unique indexes decide, the other is refused.
      if (sqlStateOf(err) === SQLSTATE.uniqueViolation) throw new OidcRefusal('failed', err);
      throw err;
    });
  if (userId === null) throw new OidcRefusal('no_role');
  const handoff = randomToken();
  await repo.setHandoff(ctx.db, signInRow.id, {
    handoffHash: hashToken(handoff),
    userId,
    providerMfa,
    expiresAt: new Date(Date.now() + HANDOFF_SECONDS * 1000),
  });
  return handoff;
}

/** The account of a first sign-in: a staff account or an invitation of the verified address, or a new one. */
async function linkOrMake(
  tx: Tx,
  ctx: Ctx,
  who: {
    issuer: string;
    subject: string;
    email: string | null;
    emailVerified: boolean;
    claims: Record<string, unknown>;
    role: 'ROLE_ADMIN' | 'ROLE_STAFF';
  },
): Promise<users.UserRow> {
  if (!who.email) throw new OidcRefusal('no_email');
  const link = { oidcIssuer: who.issuer, oidcSubject: who.subject };
  const existing = await users.findUserByEmail(tx, who.email);
  const openInvitation = await repo.hasOpenInvitation(tx, who.email);
  // An address the provider did not verify makes a new account, but never takes an existing account or
  // an invitation: that address may be someone else's.
  if ((existing || openInvitation) && !who.emailVerified) throw new OidcRefusal('no_email');
  if (existing) {
    // Only an account the organisation made staff: a visitor's account of that address may have been
    // registered by anyone (registration does not prove the mailbox), so it is not handed over.
    if (existing.user.oidcSubject || !hasAccess(existing.user.roles, 'ROLE_STAFF'))
      throw new OidcRefusal('account_conflict');
    await users.updateUser(tx, existing.user.id, link);
    await recordAudit(tx, {
      actorUserId: existing.user.id,
      action: 'identity_provider_linked',
      subjectType: 'user',
      subjectId: existing.user.id,
      ip: ctx.ip,
    });
    return { ...existing.user, ...link };
  }
  const text = (name: string) => {
    const value = who.claims[name];
    return typeof value === 'string' && value.trim() ? value.trim().slice(0, 100) : null;
  };
  const user = await users.insertUser(tx, {
    email: who.email,
    passwordHash: NO_PASSWORD,
    firstName: text('given_name'),
    lastName: text('family_name'),
    roles: rolesFor(who.role),
    ...link,
  });
  const invitationId = await repo.acceptOpenInvitationOf(tx, who.email, user.id);
  await recordAudit(tx, {
    actorUserId: user.id,
    action: 'user_created',
    subjectType: 'user',
    subjectId: user.id,
    ip: ctx.ip,
    details: {
      method: 'oidc',
      ...(invitationId === null ? {} : { invitationId }),
      changes: { roles: { before: null, after: user.roles } },
    },
  });
  return user;
}

/** The role of the claim; a developer's roles are a developer's to change (DESIGN §5). */
async function applyRole(tx: Tx, ctx: Ctx, user: users.UserRow, role: 'ROLE_ADMIN' | 'ROLE_STAFF') {
  if (user.roles.includes('ROLE_DEVELOPER')) return;
  const roles = rolesFor(role);
  if (JSON.stringify([...user.roles].sort()) === JSON.stringify([...roles].sort())) return;
  await setRolesByProvider(tx, ctx, user, roles);
}

/** The account's roles as the provider's claim decides them, audited as the provider's change. */
async function setRolesByProvider(tx: Tx, ctx: Ctx, user: users.UserRow, roles: string[]) {
  await users.updateUser(tx, user.id, { roles });
  await recordAudit(tx, {
    actorUserId: user.id,
    action: 'role_changed_by_provider',
    subjectType: 'user',
    subjectId: user.id,
    ip: ctx.ip,
    details: { changes: { roles: { before: user.roles, after: roles } } },
  });
}

/** Someone the provider no longer gives a role: no staff rights and no session left (decision 0451). */
async function withdrawStaffRights(tx: Tx, ctx: Ctx, user: users.UserRow) {
  await authRepo.revokeAllOfUser(tx, user.id);
  if (user.roles.includes('ROLE_DEVELOPER') || !hasAccess(user.roles, 'ROLE_STAFF')) return;
  await setRolesByProvider(tx, ctx, user, rolesFor('ROLE_USER'));
}

/**
 * POST /auth/oidc/session: the page takes the sign-in's session, once. The same session a password
 * sign-in makes (a refresh-token family, audited `login`), of the provider's kind (decision 0450); an
 * account with Balie's own two-step sign-in whose provider asserted no second factor goes through the
 * code step as after a password (`mfaRequired`).
 */
export async function takeSession(ctx: Ctx, handoff: string): Promise<LoginAnswer> {
  const row = await repo.takeHandoff(ctx.db, hashToken(handoff));
  const found = row?.userId ? await users.findUserById(ctx.db, row.userId) : undefined;
  if (!row || !found || !hasAccess(found.user.roles, 'ROLE_STAFF')) throw httpError('unauthorized');
  if (found.user.mfaEnabledAt && !row.providerMfa)
    return {
      mfaRequired: true,
      mfaToken: await signMfaToken(ctx.config.secret, found.user.id, found.user.mfaSignIns, undefined, true),
    };
  const details = { method: 'oidc', ...(row.providerMfa ? { secondFactor: 'provider' } : {}) };
  return signIn(ctx, found, details, undefined, providerSession(row.providerMfa));
}

/** GET /auth/oidc/end-session: the provider's sign-out page when it has one, else Balie's login page. */
export async function endSessionLocation(db: Db, config: Config): Promise<string> {
  const settings = settingsOf(config, await repo.getIdentityProvider(db));
  if (!settings) return `${config.publicUrl}/login`;
  try {
    return oidc.endSessionUrl(config, await oidc.discover(config, settings)) ?? `${config.publicUrl}/login`;
  } catch {
    return `${config.publicUrl}/login`;
  }
}
