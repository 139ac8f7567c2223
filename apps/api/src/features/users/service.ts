import {
  ACCOUNT_ROLES,
  accountRoleOf,
  hasAccess,
  rolesFor,
  type AccountRole,
  type UpdateUserRequest,
  type User,
} from '@balie/shared';
import { changedFields, recordAudit } from '../../audit/audit.js';
import type { Db, Tx } from '../../db/client.js';
import { isAdmin, type AuthUser } from '../../http/auth.js';
import { httpError, validationError } from '../../http/errors.js';
import { withdrawInvitationsOfSender } from '../invitations/senders.js';
import { toUser } from './presenter.js';
import * as repo from './repository.js';

/**
 * Self or admin may see and change a user; anyone else gets the 404 of an id that does not exist
 * (DESIGN §6: no oracle by id).
 */
export function assertSelfOrAdmin(actor: AuthUser, id: number): void {
  if (actor.id !== id && !isAdmin(actor)) throw httpError('not_found');
}

/**
 * Guard rails of DESIGN §5 (decision 0133), checked inside the transaction that makes the change:
 * only a developer changes a developer, and the last account holding ROLE_ADMIN stays one.
 */
export function assertMayChange(actor: AuthUser, target: { roles: string[] }): void {
  if (target.roles.includes('ROLE_DEVELOPER') && !hasAccess(actor.roles, 'ROLE_DEVELOPER')) {
    throw httpError('forbidden', 'Only a developer can change a developer', [
      { property: 'id', message: 'developer_only' },
    ]);
  }
}

/**
 * Locks the account a role change or deletion is about, checking the guard rails; 409 when it would
 * take away the last admin. Removals lock every admin first, always in id order, then the target: two
 * admins removing each other queue instead of deadlocking, and the second sees the first's change.
 */
export async function lockTarget(tx: Tx, actor: AuthUser, id: number, removesAdmin: boolean) {
  const admins = removesAdmin ? await repo.lockAdminIds(tx) : [];
  const target = await repo.lockUser(tx, id);
  if (!target) throw httpError('not_found');
  assertMayChange(actor, target);
  if (removesAdmin && admins.length <= 1 && admins.includes(id)) {
    throw httpError('conflict', 'The last administrator cannot be removed or demoted', [
      { property: 'id', message: 'last_admin' },
    ]);
  }
  return target;
}

/** The user `id`, as `viewer` may see it (an admin sees the access review's facts). */
export async function getUser(db: Db, id: number, viewer: AuthUser | null = null): Promise<User> {
  const row = await repo.findUserById(db, id);
  if (!row) throw httpError('not_found');
  return toUser(row, { forAdmin: isAdmin(viewer) });
}

/**
 * The profile's language and the interface language are one setting (decision 0190): whichever of
 * `languageId` and `uiSettings.locale` a change names, both columns are set to agree, so the mails (which
 * read the stored language) follow the last choice. `languageId` wins when both are sent.
 */
async function languageChange(
  db: Db,
  body: UpdateUserRequest,
): Promise<{ languageId?: number | null; uiLocale?: string | null }> {
  if (body.languageId != null) {
    const language = await repo.findLanguageById(db, body.languageId);
    if (!language) throw validationError('languageId', 'object/not-found');
    return { languageId: language.id, uiLocale: language.code };
  }
  if (body.languageId === null) return { languageId: null, uiLocale: null };
  if (!body.uiSettings) return {};
  const { locale } = body.uiSettings;
  if (locale === null) return { uiLocale: null };
  const language = await repo.findLanguageByCode(db, locale);
  return { uiLocale: language?.code ?? locale, ...(language ? { languageId: language.id } : {}) };
}

/** The trail names a language by its code (`uiLocale`, shown as "Nederlands"), not by its row id. */
function withoutLanguageId<T extends Record<string, unknown>>(fields: T): Omit<T, 'languageId'> {
  const { languageId: _languageId, ...rest } = fields;
  return rest;
}

export async function patchUser(db: Db, actor: AuthUser, id: number, body: UpdateUserRequest): Promise<User> {
  assertSelfOrAdmin(actor, id);
  const target = await repo.findUserById(db, id);
  if (!target) throw httpError('not_found');
  if (actor.id !== id) assertMayChange(actor, target.user);
  const { uiSettings: _uiSettings, languageId: _languageId, ...fields } = body;
  // Only the fields sent are changed; `null` clears a field, a missing key leaves it alone. The language
  // columns come from languageChange.
  const values = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined));
  const after = { ...values, ...(await languageChange(db, body)) };
  await db.transaction(async (tx) => {
    await repo.updateUser(tx, id, after);
    const before = Object.fromEntries(
      Object.keys(after).map((k) => [k, target.user[k as keyof typeof target.user] ?? null]),
    );
    await recordAudit(tx, {
      actorUserId: actor.id,
      action: 'user_updated',
      subjectType: 'user',
      subjectId: id,
      details: { changes: changedFields(withoutLanguageId(before), withoutLanguageId(after)) },
    });
  });
  return getUser(db, id, actor);
}

/**
 * Removing one's own rights or account takes an explicit second yes (`confirmSelf`, decision 0200): done
 * by accident it locks the admin out. The last-admin guard rail applies on top.
 */
function assertSelfConfirmed(actor: AuthUser, id: number, confirmSelf: boolean, message: string): void {
  if (actor.id === id && !confirmSelf) throw validationError('id', message);
}

export async function deleteUserAsAdmin(
  db: Db,
  actor: AuthUser,
  id: number,
  ip: string,
  confirmSelf = false,
): Promise<void> {
  assertSelfConfirmed(actor, id, confirmSelf, 'cannot_delete_self');
  await db.transaction(async (tx) => {
    await lockTarget(tx, actor, id, true);
    // Before the delete, which empties the invitations' sender column (decision 0414).
    await withdrawInvitationsOfSender(tx, id, 'sender_deleted', { actorUserId: actor.id, ip });
    await repo.deleteUser(tx, id);
    await recordAudit(tx, {
      actorUserId: actor.id,
      action: 'user_deleted',
      subjectType: 'user',
      subjectId: id,
      ip,
    });
  });
}

/** The roles an account holds with `role`; a developer made an admin stays a developer (it includes admin). */
function rolesWith(current: readonly string[], role: AccountRole): string[] {
  const kept = role === 'ROLE_ADMIN' && current.includes('ROLE_DEVELOPER') ? ['ROLE_DEVELOPER'] : [];
  return [...rolesFor(role), ...kept];
}

/**
 * Promote/demote with a role (DESIGN §5): the account becomes a plain user, staff or an admin. Anything but
 * admin takes every administration right (ROLE_ADMIN and ROLE_DEVELOPER, which includes it), so a demoted
 * developer is not an admin in all but name. Taking one's own admin rights asks `confirmSelf` (decision
 * 0200); the last admin stays one; only a developer changes a developer (decision 0133). A raise is
 * recorded as `role_granted`, a lowering as `role_revoked`, both with the roles before and after; a
 * demoted admin's open invitations are withdrawn with it (decision 0414).
 */
export async function setAccountRole(
  db: Db,
  actor: AuthUser,
  id: number,
  role: AccountRole,
  ip: string,
  confirmSelf = false,
): Promise<User> {
  const removesAdmin = role !== 'ROLE_ADMIN';
  if (removesAdmin) assertSelfConfirmed(actor, id, confirmSelf, 'cannot_demote_self');
  await db.transaction(async (tx) => {
    const target = await lockTarget(tx, actor, id, removesAdmin);
    const roles = rolesWith(target.roles, role);
    if (JSON.stringify(roles) === JSON.stringify(target.roles)) return;
    const raised = ACCOUNT_ROLES.indexOf(role) > ACCOUNT_ROLES.indexOf(accountRoleOf(target.roles));
    await repo.updateUser(tx, id, { roles });
    await recordAudit(tx, {
      actorUserId: actor.id,
      action: raised ? 'role_granted' : 'role_revoked',
      subjectType: 'user',
      subjectId: id,
      ip,
      details: { changes: { roles: { before: target.roles, after: roles } } },
    });
    // No longer an admin: what they may no longer send goes too (decision 0414).
    if (!hasAccess(roles, 'ROLE_ADMIN')) {
      await withdrawInvitationsOfSender(tx, id, 'sender_demoted', { actorUserId: actor.id, ip });
    }
  });
  return getUser(db, id, actor);
}
