import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { InvitationSender } from '@balie/shared';
import type { DbOrTx } from '../../db/client.js';
import { invitations, users } from '../../db/schema/index.js';

export type InvitationRow = typeof invitations.$inferSelect;
/** An invitation with the admin who sent it (name and address), null once that account is gone. */
export type InvitationWithInviter = { invitation: InvitationRow; invitedBy: InvitationSender | null };

/** Open: neither accepted nor withdrawn (an expired one is still open: it can be resent or withdrawn). */
const isOpen = and(isNull(invitations.acceptedAt), isNull(invitations.withdrawnAt));

const inviterName = sql<
  string | null
>`nullif(concat_ws(' ', ${users.firstName}, ${users.suffix}, ${users.lastName}), '')`;

async function selectWithInviter(
  db: DbOrTx,
  where: ReturnType<typeof and>,
  newestFirst = false,
): Promise<InvitationWithInviter[]> {
  const query = db
    .select({ invitation: invitations, name: inviterName, email: users.email })
    .from(invitations)
    .leftJoin(users, eq(users.id, invitations.invitedByUserId))
    .where(where);
  const rows = newestFirst
    ? await query.orderBy(sql`${invitations.createdAt} desc`, asc(invitations.id))
    : await query;
  return rows.map(({ invitation, name, email }) => ({
    invitation,
    invitedBy: email === null ? null : { name, email },
  }));
}

export async function insertInvitation(
  db: DbOrTx,
  values: typeof invitations.$inferInsert,
): Promise<InvitationRow> {
  const [row] = await db.insert(invitations).values(values).returning();
  if (!row) throw new Error('invitation insert returned nothing');
  return row;
}

/** Withdraws the open invitation of an address, if any (a new one replaces it); its id, or null. */
export async function closeOpenInvitationOf(db: DbOrTx, email: string): Promise<number | null> {
  const [row] = await db
    .update(invitations)
    .set({ withdrawnAt: new Date() })
    .where(and(eq(invitations.email, email), isOpen))
    .returning({ id: invitations.id });
  return row?.id ?? null;
}

/** Every open invitation, newest first. */
export function listOpenInvitations(db: DbOrTx): Promise<InvitationWithInviter[]> {
  return selectWithInviter(db, isOpen, true);
}

export async function findInvitationWithInviter(
  db: DbOrTx,
  id: number,
): Promise<InvitationWithInviter | undefined> {
  const [row] = await selectWithInviter(db, eq(invitations.id, id));
  return row;
}

/**
 * Withdraws every open invitation `senderId` sent (decision 0414); their ids. The rows are locked by the
 * update: an acceptance of one waits, then finds it withdrawn.
 */
export async function withdrawOpenInvitationsOf(db: DbOrTx, senderId: number): Promise<number[]> {
  const rows = await db
    .update(invitations)
    .set({ withdrawnAt: new Date() })
    .where(and(eq(invitations.invitedByUserId, senderId), isOpen))
    .returning({ id: invitations.id });
  return rows.map((r) => r.id).sort((a, b) => a - b);
}

/**
 * The roles of the account that sent an invitation, undefined once it is gone; `lock` share-locks its row
 * for the rest of the transaction (acceptance: a deletion or role change of the sender waits, or is
 * waited for).
 */
export async function findSenderRoles(
  db: DbOrTx,
  senderId: number,
  lock = false,
): Promise<string[] | undefined> {
  const query = db.select({ roles: users.roles }).from(users).where(eq(users.id, senderId));
  const [row] = lock ? await query.for('share') : await query;
  return row?.roles;
}

/** An open invitation by id, locked for the rest of the transaction. */
export async function lockOpenInvitation(db: DbOrTx, id: number): Promise<InvitationRow | undefined> {
  const [row] = await db
    .select()
    .from(invitations)
    .where(and(eq(invitations.id, id), isOpen))
    .for('update');
  return row;
}

/** The invitation whose link token hashes to `tokenHash`; `lock` it in a transaction that accepts it. */
export async function findInvitationByTokenHash(
  db: DbOrTx,
  tokenHash: string,
  lock = false,
): Promise<InvitationRow | undefined> {
  const query = db.select().from(invitations).where(eq(invitations.tokenHash, tokenHash));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function updateInvitation(
  db: DbOrTx,
  id: number,
  values: Partial<Omit<typeof invitations.$inferInsert, 'id'>>,
): Promise<InvitationRow> {
  const [row] = await db.update(invitations).set(values).where(eq(invitations.id, id)).returning();
  if (!row) throw new Error('invitation update returned nothing');
  return row;
}
