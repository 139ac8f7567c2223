import type { UpdateUserRequest, User } from '@balie/shared';
import { recordAudit } from '../../audit/audit.js';
import type { Db } from '../../db/client.js';
import { isAdmin, type AuthUser } from '../../http/auth.js';
import { httpError, validationError } from '../../http/errors.js';
import { toUser } from './presenter.js';
import * as repo from './repository.js';

/** Self or admin may see and change a user; anyone else gets 403 (even for ids that do not exist). */
export function assertSelfOrAdmin(actor: AuthUser, id: number): void {
  if (actor.id !== id && !isAdmin(actor)) throw httpError('forbidden');
}

export async function getUser(db: Db, id: number): Promise<User> {
  const row = await repo.findUserById(db, id);
  if (!row) throw httpError('not_found');
  return toUser(row);
}

export async function patchUser(db: Db, actor: AuthUser, id: number, body: UpdateUserRequest): Promise<User> {
  assertSelfOrAdmin(actor, id);
  if (!(await repo.findUserById(db, id))) throw httpError('not_found');
  if (body.languageId != null && !(await repo.findLanguageById(db, body.languageId))) {
    throw validationError('languageId', 'object/not-found');
  }
  const { uiSettings, ...fields } = body;
  // Only the fields sent are changed; `null` clears a field, a missing key leaves it alone.
  const values = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined));
  await db.transaction(async (tx) => {
    await repo.updateUser(tx, id, { ...values, ...(uiSettings ? { uiLocale: uiSettings.locale } : {}) });
    await recordAudit(tx, {
      actorUserId: actor.id,
      action: 'user_updated',
      subjectType: 'user',
      subjectId: id,
      details: { fields: Object.keys(body) },
    });
  });
  return getUser(db, id);
}

export async function deleteUserAsAdmin(db: Db, actor: AuthUser, id: number, ip: string): Promise<void> {
  // An admin removing their own account could leave nobody to manage the product.
  if (actor.id === id) throw validationError('id', 'cannot_delete_self');
  await db.transaction(async (tx) => {
    if (!(await repo.deleteUser(tx, id))) throw httpError('not_found');
    await recordAudit(tx, {
      actorUserId: actor.id,
      action: 'user_deleted',
      subjectType: 'user',
      subjectId: id,
      ip,
    });
  });
}

/** Grants or removes ROLE_ADMIN (promote-to-manager / demote-manager); other roles are kept. */
export async function setAdminRole(
  db: Db,
  actor: AuthUser,
  id: number,
  grant: boolean,
  ip: string,
): Promise<User> {
  if (!grant && actor.id === id) throw validationError('id', 'cannot_demote_self');
  await db.transaction(async (tx) => {
    const row = await repo.findUserById(tx, id);
    if (!row) throw httpError('not_found');
    const others = row.user.roles.filter((r) => r !== 'ROLE_ADMIN');
    const roles = grant ? [...others, 'ROLE_ADMIN'] : others;
    // Everyone signed in keeps at least the user role.
    if (!roles.includes('ROLE_USER')) roles.unshift('ROLE_USER');
    await repo.updateUser(tx, id, { roles });
    await recordAudit(tx, {
      actorUserId: actor.id,
      action: grant ? 'role_granted' : 'role_revoked',
      subjectType: 'user',
      subjectId: id,
      ip,
      details: { role: 'ROLE_ADMIN' },
    });
  });
  return getUser(db, id);
}
