import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { users } from './users.js';

/**
 * The organisation's OpenID Connect provider (DESIGN §4c *Staff sign in with the organisation's own
 * accounts*): one row (id 1), made by its migration, disabled until an admin connects a provider. The
 * client secret is AES-GCM-encrypted under a key derived from the server secret, never returned.
 */
export const identityProvider = pgTable(
  'identity_provider',
  {
    id: smallint('id').primaryKey().default(1),
    enabled: boolean('enabled').notNull().default(false),
    displayName: text('display_name').notNull().default(''),
    issuer: text('issuer').notNull().default(''),
    clientId: text('client_id').notNull().default(''),
    clientSecret: text('client_secret'),
    roleClaim: text('role_claim').notNull().default('roles'),
    adminValues: text('admin_values')
      .array()
      .notNull()
      .default(sql`ARRAY[]::text[]`),
    staffValues: text('staff_values')
      .array()
      .notNull()
      .default(sql`ARRAY[]::text[]`),
    passwordLoginForStaff: boolean('password_login_for_staff').notNull().default(true),
    /**
     * When an admin last signed in through this provider: password sign-in for staff can be switched off
     * only after one did, so the last admin never locks everyone out. A new issuer clears it.
     */
    adminSignedInAt: timestamp('admin_signed_in_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('identity_provider_single_row', sql`${t.id} = 1`)],
);

/**
 * One sign-in through the provider, from `GET /auth/oidc/start` to the page's session: the `state`
 * (its hash), the browser it was started in (a hash of the cookie's value: a callback opened in another
 * browser is refused), the nonce and PKCE verifier the callback checks, then the one-time hand-over to
 * the page. Rows live minutes; each step marks its use, so a replayed callback or hand-over is refused.
 */
export const oidcSignIns = pgTable(
  'oidc_sign_ins',
  {
    id: serial('id').primaryKey(),
    stateHash: text('state_hash').notNull().unique(),
    browserHash: text('browser_hash').notNull(),
    nonce: text('nonce').notNull(),
    codeVerifier: text('code_verifier').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    callbackAt: timestamp('callback_at', { withTimezone: true }),
    handoffHash: text('handoff_hash').unique(),
    handoffUsedAt: timestamp('handoff_used_at', { withTimezone: true }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** The ID token's `amr` named a second factor. */
    providerMfa: boolean('provider_mfa').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('oidc_sign_ins_expires_idx').on(t.expiresAt)],
);
