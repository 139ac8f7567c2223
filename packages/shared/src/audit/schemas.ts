import { z } from 'zod';
import { pageQueryFields, pageSchema } from '../paging.js';
import { dateSchema, singleLineText } from '../primitives.js';

/**
 * Who did something (DESIGN §4 *audit trail*): a signed-in account (`staff` when it holds staff or admin
 * rights now; `id`/`email` only for staff reading the trail, null for a deleted account or for an owner
 * reading their own history), the holder of an appointment's link, or the system itself.
 */
export const auditActorSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('user'),
    id: z.number().int().nullable(),
    email: z.string().nullable(),
    name: z.string().nullable(),
    staff: z.boolean(),
  }),
  z.object({ type: z.literal('link') }),
  z.object({ type: z.literal('system') }),
  /** An integration client (Open Forms and the like, DESIGN §4c), by the name an admin gave it. */
  z.object({ type: z.literal('client'), name: z.string().nullable() }),
]);
export type AuditActor = z.infer<typeof auditActorSchema>;
export const AUDIT_ACTOR_TYPES = ['user', 'link', 'system', 'client'] as const;

/** A changed field: its value before and after (never passwords, hashes or tokens). */
export const auditChangesSchema = z.record(z.string(), z.object({ before: z.unknown(), after: z.unknown() }));
export type AuditChanges = z.infer<typeof auditChangesSchema>;

/** One line of `GET /appointment/{id}/history`. */
export const appointmentHistoryEntrySchema = z.object({
  at: z.string(),
  actor: auditActorSchema,
  action: z.string(),
  changes: auditChangesSchema.optional(),
  /** Why a schedule change moved or cancelled it (`desk_deleted`, `closure`, …), when it did. */
  cause: z.string().optional(),
});
export type AppointmentHistoryEntry = z.infer<typeof appointmentHistoryEntrySchema>;

/** One event of `GET /audit-events`. */
export const auditEventSchema = appointmentHistoryEntrySchema.extend({
  id: z.number().int(),
  entityType: z.string().nullable(),
  entityId: z.string().nullable(),
  /** What the entity is called now (an account's e-mail, a desk's or product's name); null once gone. */
  entityLabel: z.string().nullable(),
});
export type AuditEventItem = z.infer<typeof auditEventSchema>;

export const auditEventsPageSchema = pageSchema(auditEventSchema);
export type AuditEventsPage = z.infer<typeof auditEventsPageSchema>;

const token = singleLineText(60).pipe(z.string().regex(/^[a-z_]+$/, 'invalid_value'));

/**
 * Query of `GET /audit-events` (DESIGN §5, filters added by decision 0201): `entityType`/`entityId`,
 * `action` (kind), `from`/`until` (dates in the provider's zone, inclusive), `actorType` and `actor`
 * (part of the name or e-mail of the account that acted).
 */
export const auditEventsQuerySchema = z.object({
  ...pageQueryFields,
  entityType: token.optional(),
  entityId: singleLineText(40).optional(),
  action: token.optional(),
  from: dateSchema.optional(),
  until: dateSchema.optional(),
  actorType: z.enum(AUDIT_ACTOR_TYPES).optional(),
  actor: singleLineText(100).optional(),
});
export type AuditEventsQuery = z.input<typeof auditEventsQuerySchema>;

/** The kinds of event the server records, for the audit screen's filter (the API accepts any kind). */
export const AUDIT_ACTIONS = [
  'appointment_created',
  'appointment_moved',
  'appointment_updated',
  'appointment_cancelled',
  'appointment_visitor_confirmed',
  'appointment_checked_in',
  'appointment_no_show',
  'appointment_no_show_undone',
  'appointment_reassigned',
  'appointment_deleted',
  'queue_called',
  'queue_served',
  'queue_returned',
  'queue_no_show',
  'walk_in_created',
  'display_key_renewed',
  'desk_created',
  'desk_updated',
  'desk_deleted',
  'location_created',
  'location_updated',
  'location_deleted',
  'closure_created',
  'closure_deleted',
  'product_created',
  'product_updated',
  'product_deleted',
  'product_category_created',
  'product_category_updated',
  'product_category_deleted',
  'product_file_added',
  'product_file_deleted',
  'organisation_updated',
  'setup_completed',
  'register',
  'user_created',
  'user_updated',
  'user_deleted',
  'role_granted',
  'role_revoked',
  'invitation_sent',
  'invitation_resent',
  'invitation_withdrawn',
  'invitation_accepted',
  'login',
  'login_failed',
  'logout',
  'refresh_reuse_detected',
  'password_reset_requested',
  'password_reset',
  'password_changed',
  'mfa_enabled',
  'mfa_disabled',
  'mfa_reset',
  'mfa_recovery_code_used',
  'mfa_blocked',
  'privacy_erasure',
  'privacy_access_export',
  'personal_data_expired',
  'appointments_exported',
  'integration_client_created',
  'integration_client_secret_renewed',
  'integration_client_revoked',
  'webhook_created',
  'webhook_deleted',
  'webhook_paused',
  'webhook_resumed',
  'webhook_secret_renewed',
  'webhook_tested',
  'identity_provider_updated',
  'identity_provider_linked',
  'role_changed_by_provider',
  'backup_created',
] as const;
/** What an audit event records; the server writes no other kind. */
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** What an audit event can be about (`entityType`); the server records no other. */
export const AUDIT_ENTITY_TYPES = [
  'appointment',
  'closure',
  'desk',
  'integration_client',
  'identity_provider',
  'invitation',
  'location',
  'organisation',
  'product',
  'product_category',
  'queue_entry',
  'user',
  'webhook',
] as const;
export type AuditEntityType = (typeof AUDIT_ENTITY_TYPES)[number];

/**
 * Every field name an audit event's `changes` can hold, at its top level or inside a value (a desk's
 * opening hours, a file). The server's `changedFields` and `changes` accept no other, so the audit
 * screen can name each one in every language (issue 34 item 11: the trail showed `languageId`).
 */
export const AUDIT_FIELDS = [
  'accessibilityComplaintsUrl',
  'accessibilityEmail',
  'accessibilityPhone',
  'accessibilityResponseDays',
  'active',
  'adminValues',
  'afternoon',
  'birthDay',
  'cardNumber',
  'categoryId',
  'city',
  'clientId',
  'closes',
  'closures',
  'date',
  'de',
  'description',
  'desk',
  'deskId',
  'displayName',
  'email',
  'en',
  'enabled',
  'evening',
  'events',
  'expiresAt',
  'extraTimeUnit',
  'file',
  'fileName',
  'firstName',
  'from',
  'fromDateTime',
  'hoursBefore',
  'id',
  'initials',
  'issuer',
  'label',
  'language',
  'languageId',
  'lastName',
  'location',
  'locationId',
  'logoFileId',
  'mailsVisitor',
  'maxAmount',
  'mimeType',
  'morning',
  'name',
  'nl',
  'notice',
  'oin',
  'openingHours',
  'opens',
  'overflow',
  'overflowPeriods',
  'pausedReason',
  'passwordLoginForStaff',
  'phone',
  'position',
  'postcode',
  'primaryColour',
  'privacyStatement',
  'productIds',
  'reason',
  'registerFields',
  'registrationOpen',
  'relation',
  'reminders',
  'requireMfaForAdmins',
  'retentionDays',
  'roleClaim',
  'roles',
  'serviceBookNr',
  'size',
  'staffValues',
  'state',
  'status',
  'street',
  'suffix',
  'timeUnit',
  'timezone',
  'title',
  'translations',
  'type',
  'uiLocale',
  'until',
  'untilDateTime',
  'url',
  'visitorConfirmedAt',
  'website',
  'weekday',
] as const;
export type AuditField = (typeof AUDIT_FIELDS)[number];

/** An audit event's `changes` as the server writes them: only fields of `AUDIT_FIELDS`. */
export type AuditChangeSet = Partial<Record<AuditField, { before: unknown; after: unknown }>>;
