import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { mfaRecoveryCodes, users } from '../../db/schema/index.js';

/** What two-step sign-in needs of an account. */
export interface MfaState {
  id: number;
  email: string;
  roles: string[];
  mfaSecret: string | null;
  mfaPendingSecret: string | null;
  mfaEnabledAt: Date | null;
  mfaBlockedAt: Date | null;
}

function selectMfaState(db: DbOrTx, userId: number) {
  return db
    .select({
      id: users.id,
      email: users.email,
      roles: users.roles,
      mfaSecret: users.mfaSecret,
      mfaPendingSecret: users.mfaPendingSecret,
      mfaEnabledAt: users.mfaEnabledAt,
      mfaBlockedAt: users.mfaBlockedAt,
    })
    .from(users)
    .where(eq(users.id, userId));
}

export async function findMfaState(db: DbOrTx, userId: number): Promise<MfaState | undefined> {
  const [row] = await selectMfaState(db, userId);
  return row;
}

/** Locks the account for a change of its two-step sign-in (two confirms or a confirm and a reset queue). */
export async function lockMfaState(tx: DbOrTx, userId: number): Promise<MfaState | undefined> {
  const [row] = await selectMfaState(tx, userId).for('update');
  return row;
}

export async function setPendingSecret(db: DbOrTx, userId: number, encrypted: string): Promise<void> {
  await db.update(users).set({ mfaPendingSecret: encrypted }).where(eq(users.id, userId));
}

/** The pending secret becomes the account's; `step` (the confirming code's) counts as used. */
export async function enableMfa(db: DbOrTx, userId: number, encrypted: string, step: number): Promise<void> {
  await db
    .update(users)
    .set({ mfaSecret: encrypted, mfaPendingSecret: null, mfaEnabledAt: new Date(), mfaLastStep: step })
    .where(eq(users.id, userId));
}

/**
 * Off: the secret, a pending setup, the last step, a block of the code step and every recovery code go;
 * mfaTokens handed out before end (should it be turned on again within their 5 minutes).
 */
export async function disableMfa(db: DbOrTx, userId: number): Promise<void> {
  await db
    .update(users)
    .set({
      mfaSecret: null,
      mfaPendingSecret: null,
      mfaEnabledAt: null,
      mfaLastStep: null,
      mfaBlockedAt: null,
      mfaSignIns: sql`${users.mfaSignIns} + 1`,
    })
    .where(eq(users.id, userId));
  await db.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, userId));
}

export async function replaceRecoveryCodes(db: DbOrTx, userId: number, hashes: string[]): Promise<void> {
  await db.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, userId));
  await db.insert(mfaRecoveryCodes).values(hashes.map((codeHash) => ({ userId, codeHash })));
}

/**
 * Takes a TOTP time step for the account when it is later than the last one taken: false for a code of
 * that step or an earlier one (a replay). One statement, so two processes given the same code at once
 * cannot both accept it.
 */
export async function claimTotpStep(db: DbOrTx, userId: number, step: number): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ mfaLastStep: step })
    .where(and(eq(users.id, userId), or(isNull(users.mfaLastStep), lt(users.mfaLastStep, step))))
    .returning({ id: users.id });
  return rows.length === 1;
}

/** Uses an unused recovery code of the account; false when it is not one or was used already. */
export async function useRecoveryCode(db: DbOrTx, userId: number, codeHash: string): Promise<boolean> {
  const rows = await db
    .update(mfaRecoveryCodes)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(mfaRecoveryCodes.userId, userId),
        eq(mfaRecoveryCodes.codeHash, codeHash),
        isNull(mfaRecoveryCodes.usedAt),
      ),
    )
    .returning({ id: mfaRecoveryCodes.id });
  return rows.length === 1;
}

/** Blocks the account's code step; false when it was blocked already (one block, one audit, one mail). */
export async function blockCodeStep(db: DbOrTx, userId: number): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ mfaBlockedAt: new Date() })
    .where(and(eq(users.id, userId), isNull(users.mfaBlockedAt)))
    .returning({ id: users.id });
  return rows.length === 1;
}

/**
 * A new password: the block of the code step ends and so does every mfaToken of the old password (their
 * count of sign-ins is behind). True when the code step was blocked.
 */
export async function unblockForNewPassword(db: DbOrTx, userId: number): Promise<boolean> {
  const [before] = await db
    .select({ blockedAt: users.mfaBlockedAt })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  await db
    .update(users)
    .set({ mfaBlockedAt: null, mfaSignIns: sql`${users.mfaSignIns} + 1` })
    .where(eq(users.id, userId));
  return !!before?.blockedAt;
}

/**
 * Takes an mfaToken for its sign-in: raises the account's count of sign-ins when it is still the
 * token's. One statement, so of two uses of one token at once (two processes) exactly one succeeds.
 */
export async function takeMfaSignIn(db: DbOrTx, userId: number, signIns: number): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ mfaSignIns: signIns + 1 })
    .where(and(eq(users.id, userId), eq(users.mfaSignIns, signIns)))
    .returning({ id: users.id });
  return rows.length === 1;
}
