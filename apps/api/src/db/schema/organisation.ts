import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import type { PrivacyStatement, RegisterField, Reminder } from '@balie/shared';
import { bytea } from './types.js';

/** The provider's one organisation record (DESIGN §4); the migration inserts its row (id 1). */
export const organisation = pgTable(
  'organisation',
  {
    id: smallint('id').primaryKey().default(1),
    name: text('name').notNull().default(''),
    street: text('street').notNull().default(''),
    postcode: text('postcode').notNull().default(''),
    city: text('city').notNull().default(''),
    phone: text('phone').notNull().default(''),
    email: text('email').notNull().default(''),
    website: text('website').notNull().default(''),
    registrationOpen: boolean('registration_open').notNull().default(true),
    /**
     * The extra fields /register asks (DESIGN §4b). All three by default, as the spec's form had them:
     * an installation made before the choice existed keeps asking them; /setup starts with none.
     */
    registerFields: text('register_fields')
      .array()
      .$type<RegisterField[]>()
      .notNull()
      .default(sql`ARRAY['birthDay', 'serviceBookNr', 'cardNumber']::text[]`),
    /** Admins must use two-step sign-in (DESIGN §5, decision 0362). */
    requireMfaForAdmins: boolean('require_mfa_for_admins').notNull().default(false),
    /** Days an appointment's personal data is kept after it ended or was cancelled (DESIGN §4b). */
    retentionDays: integer('retention_days').notNull().default(30),
    /** The /privacy page's own text per language, '' for the default text (decision 0372). */
    privacyStatement: jsonb('privacy_statement')
      .$type<PrivacyStatement>()
      .notNull()
      .default({ nl: '', en: '', de: '' }),
    /** Branding (DESIGN §5): the current logo; a new upload replaces (and deletes) the old one. */
    logoFileId: integer('logo_file_id').references((): AnyPgColumn => organisationLogos.id, {
      onDelete: 'set null',
    }),
    /** `#rrggbb`; white text on it ≥ 4.5:1 (checked by the service). The product's blue by default. */
    primaryColour: text('primary_colour').notNull().default('#0b2d5b'),
    /** The accessibility statement's contact parts (decision 0393). */
    accessibilityEmail: text('accessibility_email').notNull().default(''),
    accessibilityPhone: text('accessibility_phone').notNull().default(''),
    accessibilityResponseDays: integer('accessibility_response_days').notNull().default(5),
    accessibilityComplaintsUrl: text('accessibility_complaints_url').notNull().default(''),
    /** The organisation identification number (20 digits) or '': the URN source of its events. */
    oin: text('oin').notNull().default(''),
    /** The reminders mailed before each appointment (DESIGN §5 Reminders): 0–2, hours before, 1–336. */
    reminders: jsonb('reminders')
      .$type<Reminder[]>()
      .notNull()
      .default([{ hoursBefore: 24 }]),
  },
  (t) => [
    check('organisation_single_row', sql`${t.id} = 1`),
    check('organisation_retention_days', sql`${t.retentionDays} BETWEEN 7 AND 3650`),
    check(
      'organisation_register_fields_known',
      sql`${t.registerFields} <@ ARRAY['birthDay', 'serviceBookNr', 'cardNumber']::text[]`,
    ),
    check('organisation_primary_colour_format', sql`${t.primaryColour} ~ '^#[0-9a-f]{6}$'`),
    check('organisation_oin_format', sql`${t.oin} = '' OR ${t.oin} ~ '^[0-9]{20}$'`),
  ],
);

/**
 * The organisation's logo (DESIGN §5 Branding): at most 1 MB, so one row holds it; stored in the database
 * so that every API process serves it. Typed by its content: PNG, JPEG or WebP.
 */
export const organisationLogos = pgTable('organisation_logos', {
  id: serial('id').primaryKey(),
  mimeType: text('mime_type').notNull(),
  data: bytea('data').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The first-run setup token (DESIGN §4b), while no admin exists: only its hash, so every API process
 * accepts the same link, and a copy of the database opens nothing. A generated token is derived from
 * `nonce` with the server secret, so every process prints the same link; `SETUP_TOKEN` stores no nonce.
 * POST /setup deletes the row (decision 0301).
 */
export const setupToken = pgTable(
  'setup_token',
  {
    id: smallint('id').primaryKey().default(1),
    nonce: text('nonce'),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('setup_token_single_row', sql`${t.id} = 1`)],
);

/**
 * One row (id 1) whose version rises in the same transaction as every schedule change (desks, hours,
 * closures, overflow): each API process compares it before using its cached schedule (decision 0150).
 */
export const scheduleState = pgTable(
  'schedule_state',
  {
    id: smallint('id').primaryKey().default(1),
    version: bigint('version', { mode: 'number' }).notNull().default(0),
  },
  (t) => [check('schedule_state_single_row', sql`${t.id} = 1`)],
);
