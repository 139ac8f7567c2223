import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { invitations, users } from '../../db/schema/index.js';

export type InvitationRow = typeof invitations.$inferSelect;
/** An invitation with the name (or else the address) of the admin who sent it, null once that account is gone. */
export type InvitationWithInviter = { invitation: InvitationRow; invitedBy: string | null };

/** Open: neither accepted nor withdrawn (an expired one is still open: it can be resent or withdrawn). */
const isOpen = and(isNull(invitations.acceptedAt), isNull(invitations.withdrawnAt));

const inviterName = sql<string | null>`coalesce(
  nullif(concat_ws(' ', ${users.firstName}, ${users.suffix}, ${users.lastName}), ''), ${users.email})`;

function selectWithInviter(db: DbOrTx) {
  return db
    .select({ invitation: invitations, invitedBy: inviterName })
    .from(invitations)
    .leftJoin(users, eq(users.id, invitations.invitedByUserId));
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
  return selectWithInviter(db)
    .where(isOpen)
    .orderBy(sql`${invitations.createdAt} desc`, asc(invitations.id));
}

export async function findInvitationWithInviter(
  db: DbOrTx,
  id: number,
): Promise<InvitationWithInviter | undefined> {
  const [row] = await selectWithInviter(db).where(eq(invitations.id, id));
  return row;
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
