import { randomUUID } from 'node:crypto';
import {
  hasAccess,
  type ChangePasswordRequest,
  DEFAULT_LANGUAGE,
  type ForgotPasswordRequest,
  type LoginAnswer,
  type LoginMfaRequest,
  type LoginResponse,
  type RegisterRequest,
  type TokenPair,
} from '@balie/shared';
import { recordAudit } from '../../audit/audit.js';
import type { Config } from '../../config.js';
import type { Db, DbOrTx, Tx } from '../../db/client.js';
import { sqlStateOf, SQLSTATE } from '../../db/errors.js';
import type { AuthUser } from '../../http/auth.js';
import type { BackgroundWork } from '../../http/background.js';
import { httpError, validationError } from '../../http/errors.js';
import { enqueueMail } from '../../mail/outbox.js';
import { PASSWORD_RESET_MAIL } from '../../mail/kinds/password-reset.js';
import { signAccessToken, signMfaToken, verifyMfaToken } from '../../security/jwt.js';
import { burnPasswordCheck, hashPassword, verifyPassword } from '../../security/passwords.js';
import { claimRateLimit, RATE_LIMITS, releaseRateLimit } from '../../security/rate-limit.js';
import { hashToken, newLinkToken, randomToken } from '../../security/tokens.js';
import { takeMfaSignIn } from '../mfa/repository.js';
import {
  assertCodeStepOpen,
  checkSecondFactor,
  claimCodeTry,
  countWrongCode,
  releaseCodeTry,
  unblockForNewPassword,
} from '../mfa/service.js';
import { passwordSignInAllowedForStaff } from '../identity-provider/repository.js';
import { readOrganisation } from '../organisation/service.js';
import { toUser } from '../users/presenter.js';
import * as users from '../users/repository.js';
import * as repo from './repository.js';

export const REFRESH_TOKEN_DAYS = 30;
/** A session through the identity provider lasts a working day at most (decision 0450). */
export const PROVIDER_SESSION_HOURS = 12;

/** The kind of a session started through the identity provider now. */
export function providerSession(providerMfa: boolean): SessionKind {
  return { providerSessionEndsAt: new Date(Date.now() + PROVIDER_SESSION_HOURS * 3600 * 1000), providerMfa };
}
export const RESET_TOKEN_MINUTES = 60;

export interface Ctx {
  db: Db;
  config: Config;
  ip: string;
}

/**
 * What kind of session a family is, kept on each of its tokens: a password session (the default), or one
 * started through the organisation's identity provider, which ends at `providerSessionEndsAt` however
 * often it is refreshed and whose second factor the provider may have asserted (decision 0450).
 */
export interface SessionKind {
  providerSessionEndsAt: Date | null;
  providerMfa: boolean;
}
const PASSWORD_SESSION: SessionKind = { providerSessionEndsAt: null, providerMfa: false };

/** A new refresh token in `familyId` (a new family per login) plus a fresh access token. */
async function issueTokens(
  db: DbOrTx,
  config: Config,
  user: { id: number; roles: string[] },
  familyId: string,
  kind: SessionKind,
): Promise<TokenPair> {
  const refresh = randomToken();
  await repo.insertRefreshToken(db, {
    userId: user.id,
    familyId,
    tokenHash: hashToken(refresh),
    expiresAt: new Date(Date.now() + REFRESH_TOKEN_DAYS * 24 * 3600 * 1000),
    ...kind,
  });
  return { token: await signAccessToken(config.secret, user, familyId), refresh_token: refresh };
}

/**
 * A new session (a new refresh-token family) for someone who has just proven who they are: a sign-in,
 * so the account's last sign-in (the access review's) is now.
 */
export async function startSession(
  db: DbOrTx,
  config: Config,
  user: { id: number; roles: string[] },
  kind: SessionKind = PASSWORD_SESSION,
): Promise<TokenPair> {
  await users.recordSignIn(db, user.id);
  return issueTokens(db, config, user, randomUUID(), kind);
}

/**
 * The session of a completed sign-in, audited, and the user it is for. `first` runs in the same
 * transaction before anything is written (the code step takes its mfaToken there).
 */
export async function signIn(
  ctx: Ctx,
  found: users.UserWithLanguage,
  details?: Record<string, unknown>,
  first?: (tx: Tx) => Promise<void>,
  kind: SessionKind = PASSWORD_SESSION,
): Promise<LoginResponse> {
  const pair = await ctx.db.transaction(async (tx) => {
    if (first) await first(tx);
    const tokens = await startSession(tx, ctx.config, found.user, kind);
    await recordAudit(tx, {
      actorUserId: found.user.id,
      action: 'login',
      subjectType: 'user',
      subjectId: found.user.id,
      ip: ctx.ip,
      ...(details ? { details } : {}),
    });
    return tokens;
  });
  return { ...pair, user: toUser(found) };
}

/** A failed sign-in in the audit trail (`step: 'code'` for a wrong second factor). */
function auditFailedLogin(ctx: Ctx, userId: number | null, details?: Record<string, unknown>) {
  return recordAudit(ctx.db, {
    actorUserId: userId,
    action: 'login_failed',
    subjectType: 'user',
    subjectId: userId ?? undefined,
    ip: ctx.ip,
    ...(details ? { details } : {}),
  });
}

/**
 * POST /login. Failed attempts count per account; the 11th within 15 minutes answers 429. Every attempt
 * claims a failure before the slow password check and a right password gives it back, so a burst can
 * never run more than 10 checks (decision 0130). With two-step sign-in on, a right password gives no
 * session but the code step's `mfaToken` (5 minutes, opens nothing else; decision 0360).
 */
export async function login(ctx: Ctx, username: string, password: string): Promise<LoginAnswer> {
  const email = users.normaliseEmail(username);
  const claim = await claimRateLimit(ctx.db, RATE_LIMITS.failedLogin, email);
  const found = await users.findUserByEmail(ctx.db, email);
  const ok = found
    ? await verifyPassword(found.user.passwordHash, password)
    : (await burnPasswordCheck(password), false);
  if (!found || !ok) {
    await auditFailedLogin(ctx, found?.user.id ?? null);
    throw httpError('invalid_credentials');
  }
  await releaseRateLimit(ctx.db, claim);
  // Once the organisation's provider signs in staff, their Balie password no longer does (DESIGN §4c).
  if (hasAccess(found.user.roles, 'ROLE_STAFF') && !(await passwordSignInAllowedForStaff(ctx.db))) {
    await auditFailedLogin(ctx, found.user.id, { step: 'password_login_off' });
    throw httpError('password_login_off');
  }
  if (found.user.mfaEnabledAt)
    return {
      mfaRequired: true,
      mfaToken: await signMfaToken(ctx.config.secret, found.user.id, found.user.mfaSignIns),
    };
  return signIn(ctx, found);
}

/**
 * POST /login/mfa: the code step. A wrong code counts as a failed login of the account, in the same
 * window as wrong passwords and across processes (the claim before the check, as for the password): ten
 * guesses per 15 minutes, not the million a 6-digit code has. It also counts as a wrong code of the day:
 * the 20th within 24 hours blocks the code step until a password reset or an admin's reset, 423
 * `mfa_blocked` even for a right code (decision 0418). An expired, forged or used mfaToken is 401
 * `unauthorized` (start again): it signs in once (decision 0419); a wrong code 401 `invalid_credentials`.
 */
export async function loginMfa(ctx: Ctx, body: LoginMfaRequest): Promise<LoginResponse> {
  const claims = await verifyMfaToken(ctx.config.secret, body.mfaToken);
  const found = claims === null ? undefined : await users.findUserById(ctx.db, claims.userId);
  if (!claims || !found?.user.mfaEnabledAt || found.user.mfaSignIns !== claims.signIns)
    throw httpError('unauthorized');
  assertCodeStepOpen(found.user);
  const codeTry = await claimCodeTry(ctx.db, found.user);
  const factor = await checkSecondFactor(ctx.db, ctx.config, found.user, body.code);
  if (!factor) {
    await auditFailedLogin(ctx, found.user.id, { step: 'code' });
    if (await countWrongCode(ctx, found.user, codeTry)) throw httpError('mfa_blocked');
    throw httpError('invalid_credentials');
  }
  await releaseCodeTry(ctx.db, codeTry);
  if (factor === 'recovery_code')
    await recordAudit(ctx.db, {
      actorUserId: found.user.id,
      action: 'mfa_recovery_code_used',
      subjectType: 'user',
      subjectId: found.user.id,
      ip: ctx.ip,
    });
  // Taken in the sign-in's transaction: of two uses of one token at once, one signs in.
  const details = { secondFactor: factor, ...(claims.provider ? { method: 'oidc' } : {}) };
  const kind = claims.provider ? providerSession(false) : PASSWORD_SESSION;
  return signIn(
    ctx,
    found,
    details,
    async (tx) => {
      if (!(await takeMfaSignIn(tx, found.user.id, claims.signIns))) throw httpError('unauthorized');
    },
    kind,
  );
}

/**
 * POST /refresh-token: rotates the token. Presenting a token that was already rotated means it was
 * copied: the whole family (that login's chain) is revoked and the caller must sign in again.
 */
export async function refresh(ctx: Ctx, refreshToken: string): Promise<TokenPair> {
  const row = await repo.findRefreshToken(ctx.db, hashToken(refreshToken));
  if (!row) throw httpError('unauthorized');
  if (row.rotatedAt || row.revokedAt) {
    if (!row.revokedAt) {
      await repo.revokeFamily(ctx.db, row.familyId);
      await recordAudit(ctx.db, {
        actorUserId: row.userId,
        action: 'refresh_reuse_detected',
        subjectType: 'user',
        subjectId: row.userId,
        ip: ctx.ip,
        details: { familyId: row.familyId },
      });
    }
    throw httpError('unauthorized');
  }
  if (row.expiresAt.getTime() <= Date.now()) throw httpError('unauthorized');
  // A provider session ends at its end whatever its refreshes: the role is read again at the next
  // sign-in through the provider (DESIGN §4c, decision 0450).
  if (row.providerSessionEndsAt && row.providerSessionEndsAt.getTime() <= Date.now()) {
    await repo.revokeFamily(ctx.db, row.familyId);
    throw httpError('unauthorized');
  }
  const found = await users.findUserById(ctx.db, row.userId);
  if (!found) throw httpError('unauthorized');
  const kind = { providerSessionEndsAt: row.providerSessionEndsAt, providerMfa: row.providerMfa };
  const pair = await ctx.db.transaction(async (tx) => {
    if (!(await repo.markRotated(tx, row.id))) return null;
    return issueTokens(tx, ctx.config, found.user, row.familyId, kind);
  });
  if (!pair) {
    // Lost a race with another use of the same token: treat it as reuse.
    await repo.revokeFamily(ctx.db, row.familyId);
    throw httpError('unauthorized');
  }
  return pair;
}

/** POST /logout: ends the session the refresh token belongs to; unknown tokens are ignored. */
export async function logout(ctx: Ctx, refreshToken: string): Promise<void> {
  const row = await repo.findRefreshToken(ctx.db, hashToken(refreshToken));
  if (!row) return;
  await ctx.db.transaction(async (tx) => {
    await repo.revokeFamily(tx, row.familyId);
    await recordAudit(tx, {
      actorUserId: row.userId,
      action: 'logout',
      subjectType: 'user',
      subjectId: row.userId,
      ip: ctx.ip,
    });
  });
}

/** Maps 'en', 'en-GB' or 'de' onto a stored language id, defaulting to nl-NL. */
async function languageIdOf(db: Db, code: string | undefined): Promise<number> {
  const match = code ? await users.findLanguageByCode(db, code) : undefined;
  return match?.id ?? DEFAULT_LANGUAGE.id;
}

/**
 * POST /register: a new ROLE_USER account, signed in at once. 409 when the address is taken, 403 while
 * the organisation has registration closed or is not set up yet (DESIGN §4b, decision 0421). The extra fields are taken whatever the
 * organisation asks: the choice shapes the form, not what an account may hold.
 */
export async function register(ctx: Ctx, body: RegisterRequest): Promise<LoginResponse> {
  if (!(await readOrganisation(ctx.db)).registrationOpen) throw httpError('registration_closed');
  const email = users.normaliseEmail(body.email);
  await claimRateLimit(ctx.db, RATE_LIMITS.registerPerClient, ctx.ip);
  await claimRateLimit(ctx.db, RATE_LIMITS.register, email);
  if (await users.findUserByEmail(ctx.db, email)) {
    throw httpError('conflict', 'This e-mail address is already registered', [
      { property: 'email', message: 'email_taken' },
    ]);
  }
  const passwordHash = await hashPassword(body.password);
  const languageId = await languageIdOf(ctx.db, body.language);
  const result = await ctx.db
    .transaction(async (tx) => {
      const user = await users.insertUser(tx, {
        email,
        passwordHash,
        firstName: body.firstName || null,
        lastName: body.lastName || null,
        birthDay: body.birthDay ?? null,
        serviceBookNr: body.serviceBookNr ?? null,
        cardNumber: body.cardNumber ?? null,
        timezone: body.timezone ?? null,
        languageId,
        roles: ['ROLE_USER'],
      });
      await recordAudit(tx, {
        actorUserId: user.id,
        action: 'register',
        subjectType: 'user',
        subjectId: user.id,
        ip: ctx.ip,
      });
      return { user, tokens: await startSession(tx, ctx.config, user) };
    })
    .catch((err: unknown) => {
      // Two registrations of one address at once: the unique index decides.
      if (sqlStateOf(err) === SQLSTATE.uniqueViolation) {
        throw httpError('conflict', 'This e-mail address is already registered', [
          { property: 'email', message: 'email_taken' },
        ]);
      }
      throw err;
    });
  const found = await users.findUserById(ctx.db, result.user.id);
  if (!found) throw httpError('not_found');
  return { ...result.tokens, user: toUser(found) };
}

/**
 * POST /forgotpassword: the same answer, after the same work, whether or not the address exists: the
 * rate limit (per address, known or not) is the only awaited step, the lookup runs after the reply
 * (decision 0131).
 */
export async function forgotPassword(
  ctx: Ctx,
  background: BackgroundWork,
  body: ForgotPasswordRequest,
): Promise<void> {
  const email = users.normaliseEmail(body.email);
  await claimRateLimit(ctx.db, RATE_LIMITS.forgotPassword, email);
  background.run('password reset request', () => startPasswordReset(ctx, email));
}

/**
 * For a known address a reset token (1 hour, single use) and its mail are written in one transaction;
 * the outbox row holds only the token's id, the link is derived when the mail is rendered.
 */
async function startPasswordReset(ctx: Ctx, email: string): Promise<void> {
  const found = await users.findUserByEmail(ctx.db, email);
  if (!found) return;
  const { nonce, hash } = newLinkToken(ctx.config.secret);
  await ctx.db.transaction(async (tx) => {
    const resetTokenId = await repo.insertResetToken(tx, {
      userId: found.user.id,
      tokenHash: hash,
      nonce,
      expiresAt: new Date(Date.now() + RESET_TOKEN_MINUTES * 60 * 1000),
    });
    await enqueueMail(tx, PASSWORD_RESET_MAIL, { resetTokenId });
    await recordAudit(tx, {
      actorUserId: null,
      action: 'password_reset_requested',
      subjectType: 'user',
      subjectId: found.user.id,
      ip: ctx.ip,
    });
  });
}

/**
 * PATCH /user/updatePassword/{token}: sets the password once per token. A new password ends the
 * account's other reset links and every session but the one in use (the caller's, when signed in to the
 * same account), so whoever knew the old password or held an older link is out (DESIGN §6), and ends a
 * block of the code step and the mfaTokens of the old password.
 */
export async function resetPassword(
  ctx: Ctx,
  token: string,
  password: string,
  caller: AuthUser | null,
): Promise<void> {
  const notFound = () => validationError('token', 'object/not-found');
  const row = await repo.findResetTokenByHash(ctx.db, hashToken(token));
  if (!row || row.usedAt || row.expiresAt.getTime() <= Date.now()) throw notFound();
  const passwordHash = await hashPassword(password);
  await ctx.db.transaction(async (tx) => {
    if (!(await repo.markResetTokenUsed(tx, row.id))) throw notFound();
    await users.updateUser(tx, row.userId, { passwordHash });
    await repo.endResetTokensOfUser(tx, row.userId);
    await repo.revokeAllOfUser(tx, row.userId, caller?.id === row.userId ? caller.sessionId : undefined);
    // The link proves the mailbox: a code step blocked by guessed codes opens again (decision 0418).
    const mfaUnblocked = await unblockForNewPassword(tx, row.userId);
    await recordAudit(tx, {
      actorUserId: row.userId,
      action: 'password_reset',
      subjectType: 'user',
      subjectId: row.userId,
      ip: ctx.ip,
      ...(mfaUnblocked ? { details: { mfaUnblocked } } : {}),
    });
  });
}

/**
 * POST /user/{id}/password: one's own new password while signed in (decision 0425). Only one's own: any
 * other id is 404, for an admin too (an admin helps someone else with a reset link). The current password
 * is checked like a sign-in: a wrong one counts as a failed login of the account (the same 10 per 15
 * minutes, claimed before the slow check) and answers 400 on `currentPassword`. Like a reset, the new
 * password ends the account's open reset links and every session but this one.
 */
export async function changePassword(
  ctx: Ctx,
  caller: AuthUser,
  id: number,
  body: ChangePasswordRequest,
): Promise<void> {
  if (caller.id !== id) throw httpError('not_found');
  const found = await users.findUserById(ctx.db, id);
  if (!found) throw httpError('not_found');
  const claim = await claimRateLimit(ctx.db, RATE_LIMITS.failedLogin, found.user.email);
  if (!(await verifyPassword(found.user.passwordHash, body.currentPassword))) {
    await auditFailedLogin(ctx, id, { step: 'password_change' });
    throw validationError('currentPassword', 'current_password_wrong');
  }
  await releaseRateLimit(ctx.db, claim);
  const passwordHash = await hashPassword(body.password);
  await ctx.db.transaction(async (tx) => {
    await users.updateUser(tx, id, { passwordHash });
    await repo.endResetTokensOfUser(tx, id);
    await repo.revokeAllOfUser(tx, id, caller.sessionId);
    await recordAudit(tx, {
      actorUserId: id,
      action: 'password_changed',
      subjectType: 'user',
      subjectId: id,
      ip: ctx.ip,
    });
  });
}
