import { boolean, index, integer, pgTable, serial, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/**
 * Opaque refresh tokens (DESIGN §6), stored as SHA-256 hashes. Every login starts a family; each
 * rotation marks the old row rotated and adds a new one to the same family, so presenting a rotated
 * token again is detectable and revokes the whole family.
 */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    familyId: uuid('family_id').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    rotatedAt: timestamp('rotated_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /**
     * A session started through the organisation's identity provider (DESIGN §4c): it ends at
     * `providerSessionEndsAt` whatever its refreshes (the role is read again at the next sign-in there),
     * and `providerMfa` when the provider asserted a second factor (it satisfies requireMfaForAdmins).
     * Copied to every token of the family.
     */
    providerSessionEndsAt: timestamp('provider_session_ends_at', { withTimezone: true }),
    providerMfa: boolean('provider_mfa').notNull().default(false),
  },
  (t) => [index('refresh_tokens_family_idx').on(t.familyId), index('refresh_tokens_user_idx').on(t.userId)],
);

/**
 * Password-reset tokens: the mailed token is HMAC(server secret, nonce), so the outbox and a copy of
 * the database hold nothing that opens the link; the row keeps the token's hash for lookup.
 */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    nonce: text('nonce').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('password_reset_tokens_user_idx').on(t.userId)],
);
