import {
  hasAccess,
  INVITATION_DAYS,
  rolesFor,
  type AcceptInvitationRequest,
  type InvitableRole,
  type Invitation,
  type InviteRequest,
  type LoginResponse,
} from '@balie/shared';
import { recordAudit } from '../../audit/audit.js';
import type { Config } from '../../config.js';
import type { Db, Tx } from '../../db/client.js';
import { sqlStateOf, SQLSTATE } from '../../db/errors.js';
import type { AuthUser } from '../../http/auth.js';
import { httpError, validationError } from '../../http/errors.js';
import { enqueueMail } from '../../mail/outbox.js';
import { hashPassword } from '../../security/passwords.js';
import { hashToken, newLinkToken } from '../../security/tokens.js';
import { startSession } from '../auth/service.js';
import { toUser } from '../users/presenter.js';
import * as users from '../users/repository.js';
import { INVITATION_MAIL } from './mail.js';
import { isExpired, toInvitation } from './presenter.js';
import * as repo from './repository.js';
import type { InvitationRow } from './repository.js';

interface Ctx {
  db: Db;
  config: Config;
  ip: string;
}

const DAY_MS = 24 * 3600 * 1000;

/** A link that opens nothing answers like a used reset link (DESIGN §5). */
const linkNotFound = () => validationError('token', 'object/not-found');

const emailTaken = () =>
  httpError('conflict', 'This e-mail address already has an account', [
    { property: 'email', message: 'email_taken' },
  ]);

/** A fresh link (nonce and hash) valid for INVITATION_DAYS from now; the mail rebuilds the token. */
function freshLink(config: Config) {
  const { nonce, hash } = newLinkToken(config.secret);
  return { nonce, tokenHash: hash, expiresAt: new Date(Date.now() + INVITATION_DAYS * DAY_MS) };
}

async function present(db: Db | Tx, config: Config, id: number): Promise<Invitation> {
  const row = await repo.findInvitationWithInviter(db, id);
  if (!row) throw httpError('not_found');
  return toInvitation(row, config);
}

/**
 * POST /users/invite (admin). An address with an account gets 409 `email_taken` (its role is changed on
 * the users screen instead). A second invitation of an address replaces the open one: its link stops
 * working and the new role counts (decision 0311). The mail is queued in the same transaction.
 */
export async function invite(ctx: Ctx, actor: AuthUser, body: InviteRequest): Promise<Invitation> {
  const email = users.normaliseEmail(body.email);
  if (await users.findUserByEmail(ctx.db, email)) throw emailTaken();
  const id = await ctx.db
    .transaction(async (tx) => {
      const replaced = await repo.closeOpenInvitationOf(tx, email);
      const row = await repo.insertInvitation(tx, {
        email,
        role: body.role,
        language: body.language ?? 'nl',
        invitedByUserId: actor.id,
        createdAt: new Date(),
        ...freshLink(ctx.config),
      });
      await enqueueMail(tx, INVITATION_MAIL, { invitationId: row.id });
      await recordAudit(tx, {
        actorUserId: actor.id,
        action: 'invitation_sent',
        subjectType: 'invitation',
        subjectId: row.id,
        ip: ctx.ip,
        details: {
          changes: { email: { before: null, after: email }, roles: { before: null, after: [body.role] } },
          ...(replaced !== null ? { replaces: replaced } : {}),
        },
      });
      return row.id;
    })
    .catch((err: unknown) => {
      // Two invitations of one address at the same moment: the index of open ones lets one through.
      if (sqlStateOf(err) === SQLSTATE.uniqueViolation) {
        throw httpError('conflict', 'This address was invited at the same moment', [
          { property: 'email', message: 'already_invited' },
        ]);
      }
      throw err;
    });
  return present(ctx.db, ctx.config, id);
}

/** GET /users/invitations (admin): the open ones, newest first, expired ones marked. */
export async function listInvitations(db: Db, config: Config): Promise<Invitation[]> {
  return (await repo.listOpenInvitations(db)).map((row) => toInvitation(row, config));
}

/**
 * POST /users/invitation/{id}/resend (admin): a new link, valid INVITATION_DAYS from now, in a new mail;
 * the link of the earlier mail stops working (decision 0311). 404 unless the invitation is open.
 */
export async function resend(ctx: Ctx, actor: AuthUser, id: number): Promise<Invitation> {
  await ctx.db.transaction(async (tx) => {
    const row = await repo.lockOpenInvitation(tx, id);
    if (!row) throw httpError('not_found');
    const link = freshLink(ctx.config);
    await repo.updateInvitation(tx, id, link);
    await enqueueMail(tx, INVITATION_MAIL, { invitationId: id });
    await recordAudit(tx, {
      actorUserId: actor.id,
      action: 'invitation_resent',
      subjectType: 'invitation',
      subjectId: id,
      ip: ctx.ip,
      details: {
        changes: {
          expiresAt: { before: row.expiresAt.toISOString(), after: link.expiresAt.toISOString() },
        },
      },
    });
  });
  return present(ctx.db, ctx.config, id);
}

/** DELETE /users/invitation/{id} (admin): the link stops working; 404 unless the invitation is open. */
export async function withdraw(ctx: Ctx, actor: AuthUser, id: number): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const row = await repo.lockOpenInvitation(tx, id);
    if (!row) throw httpError('not_found');
    await repo.updateInvitation(tx, id, { withdrawnAt: new Date() });
    await recordAudit(tx, {
      actorUserId: actor.id,
      action: 'invitation_withdrawn',
      subjectType: 'invitation',
      subjectId: id,
      ip: ctx.ip,
    });
  });
}

/**
 * POST /invitation/{token} (public): makes the account with the invited role and the chosen password, and
 * signs it in. An unknown, used, withdrawn or expired link answers like a used reset link (400, token
 * object/not-found), and so does one whose sender is gone or no longer an admin (decision 0414: such an
 * invitation is withdrawn with the sender's rights; this catches one left from before that rule). The
 * sender's row is share-locked, then the invitation row: the order in which a deletion or demotion takes
 * them, so either waits for the other; two uses of one link make one account.
 */
export async function accept(
  ctx: Ctx,
  token: string,
  { password, firstName, lastName }: AcceptInvitationRequest,
): Promise<LoginResponse> {
  const tokenHash = hashToken(token);
  const usable = (row: InvitationRow | undefined): row is InvitationRow =>
    !!row && !row.acceptedAt && !row.withdrawnAt && !isExpired(row);
  const senderOf = async (db: Db | Tx, row: InvitationRow, lock = false) =>
    row.invitedByUserId === null ? undefined : repo.findSenderRoles(db, row.invitedByUserId, lock);
  // A dead link is refused before the slow password hash; the locked re-read below decides.
  const seen = await repo.findInvitationByTokenHash(ctx.db, tokenHash);
  if (!usable(seen) || !hasAccess(await senderOf(ctx.db, seen), 'ROLE_ADMIN')) throw linkNotFound();
  const passwordHash = await hashPassword(password);
  const { userId, tokens } = await ctx.db
    .transaction(async (tx) => {
      const senderRoles = await senderOf(tx, seen, true);
      const row = await repo.findInvitationByTokenHash(tx, tokenHash, true);
      if (!usable(row) || row.invitedByUserId !== seen.invitedByUserId) throw linkNotFound();
      if (!hasAccess(senderRoles, 'ROLE_ADMIN')) throw linkNotFound();
      if (await users.findUserByEmail(tx, row.email)) throw emailTaken();
      const roles = rolesFor(row.role as InvitableRole);
      // The invitation's language becomes the account's, both columns agreeing (decision 0190).
      const language = await users.findLanguageByCode(tx, row.language);
      const user = await users.insertUser(tx, {
        email: row.email,
        passwordHash,
        firstName: firstName || null,
        lastName: lastName || null,
        roles,
        languageId: language?.id ?? null,
        uiLocale: language?.code ?? row.language,
      });
      await repo.updateInvitation(tx, row.id, { acceptedAt: new Date(), acceptedUserId: user.id });
      await recordAudit(tx, {
        actorUserId: user.id,
        action: 'invitation_accepted',
        subjectType: 'user',
        subjectId: user.id,
        ip: ctx.ip,
        details: { invitationId: row.id, changes: { roles: { before: null, after: roles } } },
      });
      return { userId: user.id, tokens: await startSession(tx, ctx.config, user) };
    })
    .catch((err: unknown) => {
      // Someone registered the address between the check and the insert: the unique index decides.
      if (sqlStateOf(err) === SQLSTATE.uniqueViolation) throw emailTaken();
      throw err;
    });
  const found = await users.findUserById(ctx.db, userId);
  if (!found) throw httpError('not_found');
  return { ...tokens, user: toUser(found) };
}
