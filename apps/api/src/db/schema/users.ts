import { sql } from 'drizzle-orm';
import { bigint, date, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { languages } from './languages.js';

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    /** Always stored lower-cased and trimmed, so the unique index is case-insensitive in effect. */
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name'),
    lastName: text('last_name'),
    initials: text('initials'),
    suffix: text('suffix'),
    phone: text('phone'),
    relation: text('relation'),
    roles: text('roles')
      .array()
      .notNull()
      .default(sql`ARRAY['ROLE_USER']::text[]`),
    languageId: integer('language_id').references(() => languages.id, { onDelete: 'set null' }),
    uiLocale: text('ui_locale'),
    birthDay: date('birth_day', { mode: 'string' }),
    serviceBookNr: text('service_book_nr'),
    cardNumber: text('card_number'),
    timezone: text('timezone'),
    /**
     * Two-step sign-in (decision 0360): the TOTP secret, encrypted under a key derived from the server
     * secret (security/mfa-secret.ts), never returned after the setup; `mfaPendingSecret` while a setup
     * waits for its confirming code. On when `mfaEnabledAt` is set.
     */
    mfaSecret: text('mfa_secret'),
    mfaPendingSecret: text('mfa_pending_secret'),
    mfaEnabledAt: timestamp('mfa_enabled_at', { withTimezone: true }),
    /** The last TOTP time step accepted: a code of that step or earlier is not accepted again. */
    mfaLastStep: bigint('mfa_last_step', { mode: 'number' }),
    /**
     * Set by the 20th wrong code within 24 hours (decision 0418): the code step refuses every code until
     * a password reset or an admin's reset of the two-step sign-in clears it.
     */
    mfaBlockedAt: timestamp('mfa_blocked_at', { withTimezone: true }),
    /**
     * Completed code steps (and password resets): an mfaToken carries the count of its password step, so
     * one success, or a new password, ends every mfaToken handed out before (decision 0419).
     */
    mfaSignIns: integer('mfa_sign_ins').notNull().default(0),
    /** The last sign-in (a new session: login, register, setup, invitation), for the access review. */
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    /**
     * The account at the organisation's identity provider (DESIGN §4c): its issuer and `sub`, set at the
     * first sign-in through it. An account so linked is found by these, not by its e-mail address.
     */
    oidcIssuer: text('oidc_issuer'),
    oidcSubject: text('oidc_subject'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    uniqueIndex('users_oidc_subject_key').on(t.oidcIssuer, t.oidcSubject),
  ],
);

/**
 * The recovery codes of two-step sign-in (decision 0361): only their hashes, each usable once
 * (`usedAt`). A new setup replaces them; turning it off or a reset deletes them.
 */
export const mfaRecoveryCodes = pgTable(
  'mfa_recovery_codes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // Also the index of a user's codes (its first column).
  (t) => [uniqueIndex('mfa_recovery_codes_user_code_key').on(t.userId, t.codeHash)],
);
