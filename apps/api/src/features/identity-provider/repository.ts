import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { identityProvider, invitations, oidcSignIns, users } from '../../db/schema/index.js';

export type IdentityProviderRow = typeof identityProvider.$inferSelect;
export type OidcSignInRow = typeof oidcSignIns.$inferSelect;

const DISABLED: IdentityProviderRow = {
  id: 1,
  enabled: false,
  displayName: '',
  issuer: '',
  clientId: '',
  clientSecret: null,
  roleClaim: 'roles',
  adminValues: [],
  staffValues: [],
  passwordLoginForStaff: true,
  adminSignedInAt: null,
  updatedAt: new Date(0),
};

/** The one setting (its row is made by the migration); `lock` it in a transaction that changes it. */
export async function getIdentityProvider(db: DbOrTx, lock = false): Promise<IdentityProviderRow> {
  const query = db.select().from(identityProvider).where(eq(identityProvider.id, 1));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? DISABLED;
}

/** What the login page needs (`GET /organisation`): the button's text while a provider is connected. */
export async function staffSignInOf(db: DbOrTx): Promise<{ displayName: string } | null> {
  const row = await getIdentityProvider(db);
  return row.enabled ? { displayName: row.displayName } : null;
}

export async function updateIdentityProvider(
  db: DbOrTx,
  values: Partial<Omit<IdentityProviderRow, 'id'>>,
): Promise<void> {
  await db
    .update(identityProvider)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(identityProvider.id, 1));
}

/**
 * Whether staff and admins may sign in with a Balie password: always, unless a working provider is
 * connected and the organisation switched it off (DESIGN §4c).
 */
export async function passwordSignInAllowedForStaff(db: DbOrTx): Promise<boolean> {
  const row = await getIdentityProvider(db);
  return !row.enabled || row.passwordLoginForStaff;
}

export async function insertSignIn(
  db: DbOrTx,
  values: { stateHash: string; browserHash: string; nonce: string; codeVerifier: string; expiresAt: Date },
): Promise<void> {
  await db.insert(oidcSignIns).values(values);
}

/**
 * Takes the sign-in of a callback's `state` once: a second callback with the same state (a replayed
 * redirect), a late one, or one from another browser finds nothing.
 */
export async function takeCallback(
  db: DbOrTx,
  stateHash: string,
  browserHash: string,
): Promise<OidcSignInRow | undefined> {
  const [row] = await db
    .update(oidcSignIns)
    .set({ callbackAt: new Date() })
    .where(
      and(
        eq(oidcSignIns.stateHash, stateHash),
        eq(oidcSignIns.browserHash, browserHash),
        isNull(oidcSignIns.callbackAt),
        gt(oidcSignIns.expiresAt, new Date()),
      ),
    )
    .returning();
  return row;
}

/** After a successful callback: the one-time hand-over of the sign-in to the page. */
export async function setHandoff(
  db: DbOrTx,
  id: number,
  values: { handoffHash: string; userId: number; providerMfa: boolean; expiresAt: Date },
): Promise<void> {
  await db.update(oidcSignIns).set(values).where(eq(oidcSignIns.id, id));
}

/** Takes a hand-over once, within its time; undefined for an unknown, used or late one. */
export async function takeHandoff(db: DbOrTx, handoffHash: string): Promise<OidcSignInRow | undefined> {
  const [row] = await db
    .update(oidcSignIns)
    .set({ handoffUsedAt: new Date() })
    .where(
      and(
        eq(oidcSignIns.handoffHash, handoffHash),
        isNull(oidcSignIns.handoffUsedAt),
        gt(oidcSignIns.expiresAt, new Date()),
      ),
    )
    .returning();
  return row;
}

/** Sign-ins that ran out; they hold nothing anyone can use, kept an hour for a look at a failure. */
export async function deleteOldSignIns(db: DbOrTx): Promise<void> {
  await db.delete(oidcSignIns).where(lt(oidcSignIns.expiresAt, new Date(Date.now() - 3600 * 1000)));
}

/** The account linked to the provider's `sub` at this issuer. */
export async function findUserIdBySubject(
  db: DbOrTx,
  issuer: string,
  subject: string,
): Promise<number | undefined> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.oidcIssuer, issuer), eq(users.oidcSubject, subject)));
  return row?.id;
}

export async function hasOpenInvitation(db: DbOrTx, email: string): Promise<boolean> {
  const [row] = await db
    .select({ id: invitations.id })
    .from(invitations)
    .where(
      and(eq(invitations.email, email), isNull(invitations.acceptedAt), isNull(invitations.withdrawnAt)),
    );
  return row !== undefined;
}

/** An open invitation of the address, accepted by the account its first provider sign-in made. */
export async function acceptOpenInvitationOf(
  db: DbOrTx,
  email: string,
  userId: number,
): Promise<number | null> {
  const [row] = await db
    .update(invitations)
    .set({ acceptedAt: new Date(), acceptedUserId: userId })
    .where(and(eq(invitations.email, email), isNull(invitations.acceptedAt), isNull(invitations.withdrawnAt)))
    .returning({ id: invitations.id });
  return row?.id ?? null;
}
