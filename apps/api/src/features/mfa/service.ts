import type { MfaConfirmResponse, MfaDisableRequest, MfaSetupResponse } from '@balie/shared';
import { recordAudit } from '../../audit/audit.js';
import type { Config } from '../../config.js';
import type { Db, DbOrTx } from '../../db/client.js';
import { isAdmin, type AuthUser } from '../../http/auth.js';
import { httpError, validationError } from '../../http/errors.js';
import { brandOf } from '../../mail/design/content.js';
import { enqueueMail } from '../../mail/outbox.js';
import {
  claimRateLimit,
  clearRateLimit,
  placeInWindow,
  RATE_LIMITS,
  releaseRateLimit,
  tryClaimRateLimit,
  type RateLimitClaim,
} from '../../security/rate-limit.js';
import {
  decryptSecret,
  encryptSecret,
  hashRecoveryCode,
  isRecoveryCodeShape,
  matchTotp,
  newRecoveryCodes,
  newTotpSecret,
  normaliseCode,
  otpauthUrl,
} from '../../security/totp.js';
import { revokeAllOfUser } from '../auth/repository.js';
import { getOrganisation } from '../organisation/repository.js';
import { assertMayChange } from '../users/service.js';
import { MFA_GUESSING_MAIL, MFA_RESET_MAIL } from './mail.js';
import * as repo from './repository.js';

interface Ctx {
  db: Db;
  config: Config;
  ip: string;
}

/** Which second factor a code was: an authenticator app's code or one of the recovery codes. */
export type SecondFactor = 'totp' | 'recovery_code';

/**
 * Checks a code typed at sign-in or to turn two-step sign-in off: a TOTP code of the last, this or the
 * next 30 seconds that is later than the last one accepted (so a code seen over a shoulder does not work
 * again), or an unused recovery code, which is used up. Null for anything else.
 */
export async function checkSecondFactor(
  db: DbOrTx,
  config: Config,
  user: { id: number; mfaSecret: string | null },
  code: string,
): Promise<SecondFactor | null> {
  const typed = normaliseCode(code);
  if (isRecoveryCodeShape(typed))
    return (await repo.useRecoveryCode(db, user.id, hashRecoveryCode(user.id, typed)))
      ? 'recovery_code'
      : null;
  const secret = user.mfaSecret && decryptSecret(config.secret, user.mfaSecret);
  if (!secret) return null;
  const step = matchTotp(secret, typed, Date.now());
  return step !== null && (await repo.claimTotpStep(db, user.id, step)) ? 'totp' : null;
}

/**
 * Codes guessed slowly (issue 34, decision 0418). A code typed at sign-in or to turn two-step sign-in
 * off claims two hits before it is checked: a failed login of the account (10 per 15 minutes, with the
 * wrong passwords) and a wrong code of the account (20 per 24 hours); a right code gives both back. The
 * 20th wrong code of a day blocks the code step until the password is reset or an admin resets the
 * two-step sign-in; the code that fills the 15-minute window mails the holder (once a day), and so does
 * the block.
 */
export interface CodeTry {
  failedLogin: RateLimitClaim;
  /** Null when the day's count was full already (the block is then due, if not set). */
  wrongCode: RateLimitClaim | null;
}

/** 423 `mfa_blocked` for an account whose code step is blocked, whatever code comes with it. */
export function assertCodeStepOpen(account: { mfaBlockedAt: Date | null }): void {
  if (account.mfaBlockedAt) throw httpError('mfa_blocked');
}

/** Claims the hits of one code before it is checked; 429 while the 15-minute window is full. */
export async function claimCodeTry(db: Db, account: { id: number; email: string }): Promise<CodeTry> {
  const failedLogin = await claimRateLimit(db, RATE_LIMITS.failedLogin, account.email);
  const wrongCode = await tryClaimRateLimit(db, RATE_LIMITS.mfaWrongCodes, String(account.id));
  return { failedLogin, wrongCode };
}

/** A right code: neither hit counts. */
export async function releaseCodeTry(db: Db, codeTry: CodeTry): Promise<void> {
  await releaseRateLimit(db, codeTry.failedLogin);
  if (codeTry.wrongCode) await releaseRateLimit(db, codeTry.wrongCode);
}

/**
 * A wrong code was counted: the one that is the day's 20th blocks the code step (true: answer
 * `mfa_blocked`), the one that fills the 15-minute window mails the holder, at most once a day. Each
 * hit's place in its window decides, so a burst over several processes blocks and mails once.
 */
export async function countWrongCode(
  ctx: Ctx,
  account: { id: number; email: string },
  codeTry: CodeTry,
): Promise<boolean> {
  const key = String(account.id);
  const place = codeTry.wrongCode
    ? await placeInWindow(ctx.db, RATE_LIMITS.mfaWrongCodes, key, codeTry.wrongCode)
    : Infinity;
  if (place >= RATE_LIMITS.mfaWrongCodes.limit) {
    await ctx.db.transaction(async (tx) => {
      if (!(await repo.blockCodeStep(tx, account.id))) return;
      await recordAudit(tx, {
        actorUserId: account.id,
        action: 'mfa_blocked',
        subjectType: 'user',
        subjectId: account.id,
        ip: ctx.ip,
        details: { wrongCodes: RATE_LIMITS.mfaWrongCodes.limit },
      });
      await enqueueMail(tx, MFA_GUESSING_MAIL, { userId: account.id, blocked: true });
    });
    return true;
  }
  const burst =
    (await placeInWindow(ctx.db, RATE_LIMITS.failedLogin, account.email, codeTry.failedLogin)) ===
    RATE_LIMITS.failedLogin.limit;
  if (burst && (await tryClaimRateLimit(ctx.db, RATE_LIMITS.mfaGuessingMail, key)))
    await enqueueMail(ctx.db, MFA_GUESSING_MAIL, { userId: account.id, blocked: false });
  return false;
}

/** A reset (a new password, an admin's): the day's wrong codes and the mail's day start again. */
export async function forgetWrongCodes(db: DbOrTx, userId: number): Promise<void> {
  await clearRateLimit(db, RATE_LIMITS.mfaWrongCodes, String(userId));
  await clearRateLimit(db, RATE_LIMITS.mfaGuessingMail, String(userId));
}

/**
 * A new password set with a reset link (which proves the mailbox): the code step's block ends, the
 * count starts again, and every mfaToken of the old password ends. True when it was blocked.
 */
export async function unblockForNewPassword(tx: DbOrTx, userId: number): Promise<boolean> {
  const wasBlocked = await repo.unblockForNewPassword(tx, userId);
  await forgetWrongCodes(tx, userId);
  return wasBlocked;
}

/** One's own account only: anyone else's id is the 404 of an id that does not exist (no oracle by id). */
function assertSelf(actor: AuthUser, id: number): void {
  if (actor.id !== id) throw httpError('not_found');
}

const wrongCode = () => validationError('code', 'wrong_code');

/**
 * POST /user/{id}/mfa/setup: a new secret waits for its confirming code. Asked again, a new one replaces
 * it (the QR code shown last is the one that works). 409 while two-step sign-in is on.
 */
export async function startSetup(ctx: Ctx, actor: AuthUser, id: number): Promise<MfaSetupResponse> {
  assertSelf(actor, id);
  const state = await repo.findMfaState(ctx.db, id);
  if (!state) throw httpError('not_found');
  if (state.mfaEnabledAt) throw httpError('mfa_already_enabled');
  const secret = newTotpSecret();
  await repo.setPendingSecret(ctx.db, id, encryptSecret(ctx.config.secret, secret));
  const issuer = brandOf(await getOrganisation(ctx.db));
  return { secret, otpauthUrl: otpauthUrl(secret, issuer, state.email) };
}

/**
 * POST /user/{id}/mfa/confirm: a right code of the pending secret turns two-step sign-in on, hands out
 * ten recovery codes (kept as hashes only) and ends the account's other sessions (DESIGN §6: whoever
 * was signed in with the password alone is out).
 */
export async function confirmSetup(
  ctx: Ctx,
  actor: AuthUser,
  id: number,
  code: string,
): Promise<MfaConfirmResponse> {
  assertSelf(actor, id);
  const recoveryCodes = newRecoveryCodes();
  await ctx.db.transaction(async (tx) => {
    const state = await repo.lockMfaState(tx, id);
    if (!state) throw httpError('not_found');
    if (state.mfaEnabledAt) throw httpError('mfa_already_enabled');
    const secret = state.mfaPendingSecret && decryptSecret(ctx.config.secret, state.mfaPendingSecret);
    if (!secret) throw validationError('code', 'setup_not_started');
    const step = matchTotp(secret, code, Date.now());
    if (step === null) throw wrongCode();
    await repo.enableMfa(tx, id, state.mfaPendingSecret!, step);
    await repo.replaceRecoveryCodes(
      tx,
      id,
      recoveryCodes.map((c) => hashRecoveryCode(id, normaliseCode(c))),
    );
    await revokeAllOfUser(tx, id, actor.sessionId);
    await recordAudit(tx, {
      actorUserId: actor.id,
      action: 'mfa_enabled',
      subjectType: 'user',
      subjectId: id,
      ip: ctx.ip,
    });
  });
  return { recoveryCodes };
}

/**
 * DELETE /user/{id}/mfa. One's own needs a current code (or a recovery code); a wrong one counts as a
 * failed login and as a wrong code of the day (a stolen session must not guess its way to switching the
 * second step off), and a blocked code step refuses it. An admin's reset ends the block. An admin
 * resetting someone else's — a lost phone — needs none: every session of that account ends and its
 * holder is mailed. Either way the audit trail records it. Nothing on is nothing to do.
 */
export async function disable(ctx: Ctx, actor: AuthUser, id: number, body: MfaDisableRequest): Promise<void> {
  if (actor.id === id) return disableOwn(ctx, actor, body.code);
  if (!isAdmin(actor)) throw httpError('not_found');
  await ctx.db.transaction(async (tx) => {
    const state = await repo.lockMfaState(tx, id);
    if (!state) throw httpError('not_found');
    assertMayChange(actor, state);
    if (!state.mfaEnabledAt && !state.mfaPendingSecret) return;
    await repo.disableMfa(tx, id);
    await forgetWrongCodes(tx, id);
    await revokeAllOfUser(tx, id);
    if (!state.mfaEnabledAt) return;
    await recordAudit(tx, {
      actorUserId: actor.id,
      action: 'mfa_reset',
      subjectType: 'user',
      subjectId: id,
      ip: ctx.ip,
    });
    await enqueueMail(tx, MFA_RESET_MAIL, { userId: id });
  });
}

async function disableOwn(ctx: Ctx, actor: AuthUser, code: string | undefined): Promise<void> {
  const state = await repo.findMfaState(ctx.db, actor.id);
  if (!state) throw httpError('not_found');
  if (!state.mfaEnabledAt) {
    // A setup begun and left: forget its secret.
    if (state.mfaPendingSecret) await repo.disableMfa(ctx.db, actor.id);
    return;
  }
  if (!code) throw validationError('code', 'code_required');
  assertCodeStepOpen(state);
  const codeTry = await claimCodeTry(ctx.db, state);
  if (!(await checkSecondFactor(ctx.db, ctx.config, state, code))) {
    if (await countWrongCode(ctx, state, codeTry)) throw httpError('mfa_blocked');
    throw wrongCode();
  }
  await releaseCodeTry(ctx.db, codeTry);
  await ctx.db.transaction(async (tx) => {
    await repo.disableMfa(tx, actor.id);
    await forgetWrongCodes(tx, actor.id);
    await revokeAllOfUser(tx, actor.id, actor.sessionId);
    await recordAudit(tx, {
      actorUserId: actor.id,
      action: 'mfa_disabled',
      subjectType: 'user',
      subjectId: actor.id,
      ip: ctx.ip,
    });
  });
}
