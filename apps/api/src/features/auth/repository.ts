import { and, eq, isNull, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { passwordResetTokens, refreshTokens } from '../../db/schema/index.js';

export type RefreshTokenRow = typeof refreshTokens.$inferSelect;
export type ResetTokenRow = typeof passwordResetTokens.$inferSelect;

export async function insertRefreshToken(
  db: DbOrTx,
  values: {
    userId: number;
    familyId: string;
    tokenHash: string;
    expiresAt: Date;
    providerSessionEndsAt: Date | null;
    providerMfa: boolean;
  },
): Promise<void> {
  await db.insert(refreshTokens).values(values);
}

export async function findRefreshToken(db: DbOrTx, tokenHash: string): Promise<RefreshTokenRow | undefined> {
  const [row] = await db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash));
  return row;
}

/** Marks a live token rotated; false when someone else rotated or revoked it first. */
export async function markRotated(db: DbOrTx, id: number): Promise<boolean> {
  const rows = await db
    .update(refreshTokens)
    .set({ rotatedAt: new Date() })
    .where(and(eq(refreshTokens.id, id), isNull(refreshTokens.rotatedAt), isNull(refreshTokens.revokedAt)))
    .returning({ id: refreshTokens.id });
  return rows.length === 1;
}

export async function revokeFamily(db: DbOrTx, familyId: string): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
}

/** Ends every session of a user, but `exceptFamilyId` when given (the one in use). */
export async function revokeAllOfUser(db: DbOrTx, userId: number, exceptFamilyId?: string): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(refreshTokens.userId, userId),
        isNull(refreshTokens.revokedAt),
        exceptFamilyId === undefined ? undefined : ne(refreshTokens.familyId, exceptFamilyId),
      ),
    );
}

/** Uses up every reset link of a user that is still open. */
export async function endResetTokensOfUser(db: DbOrTx, userId: number): Promise<void> {
  await db
    .update(passwordResetTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
}

export async function insertResetToken(
  db: DbOrTx,
  values: { userId: number; tokenHash: string; nonce: string; expiresAt: Date },
): Promise<number> {
  const [row] = await db.insert(passwordResetTokens).values(values).returning({ id: passwordResetTokens.id });
  if (!row) throw new Error('reset token insert returned nothing');
  return row.id;
}

export async function findResetTokenByHash(
  db: DbOrTx,
  tokenHash: string,
): Promise<ResetTokenRow | undefined> {
  const [row] = await db
    .select()
    .from(passwordResetTokens)
    .where(eq(passwordResetTokens.tokenHash, tokenHash));
  return row;
}

/** Uses a token once: false when it was used in the meantime. */
export async function markResetTokenUsed(db: DbOrTx, id: number): Promise<boolean> {
  const rows = await db
    .update(passwordResetTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(passwordResetTokens.id, id), isNull(passwordResetTokens.usedAt)))
    .returning({ id: passwordResetTokens.id });
  return rows.length === 1;
}
