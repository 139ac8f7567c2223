import { z } from 'zod';
import { emailSchema } from '../auth/schemas.js';
import { appointmentHistoryEntrySchema } from '../audit/schemas.js';
import { appointmentSchema } from '../booking/schemas.js';
import { multiLineText } from '../primitives.js';
import { userSchema } from '../users/schemas.js';

/** How long an appointment's personal data is kept after it ended or was cancelled (DESIGN §4b). */
export const RETENTION_DAYS = { min: 7, max: 3650, default: 30 } as const;

export const retentionDaysSchema = z
  .number({ error: 'invalid_number' })
  .int('invalid_number')
  .min(RETENTION_DAYS.min, 'too_small')
  .max(RETENTION_DAYS.max, 'too_large');

/** The languages of public texts (DESIGN §4b: nl, en, de). */
export const STATEMENT_LANGUAGES = ['nl', 'en', 'de'] as const;
export type StatementLanguage = (typeof STATEMENT_LANGUAGES)[number];

/** The longest privacy statement an organisation may write, per language. */
export const PRIVACY_STATEMENT_MAX = 20_000;

/**
 * The organisation's own privacy statement per language, plain text (no markdown); '' for a language
 * means the product's default text in that language (decision 0372).
 */
export const privacyStatementSchema = z.object({ nl: z.string(), en: z.string(), de: z.string() });
export type PrivacyStatement = z.infer<typeof privacyStatementSchema>;

const statementText = multiLineText(PRIVACY_STATEMENT_MAX, { tooLong: 'too_long' });

/** In PATCH /organisation: the languages it names change, the others stay. */
export const patchPrivacyStatementSchema = z
  .object({ nl: statementText, en: statementText, de: statementText })
  .partial()
  .strict();

/** POST /privacy/erase (admin): the address whose data is erased. */
export const privacyEraseRequestSchema = z.object({ email: emailSchema }).strict();
export type PrivacyEraseRequest = z.infer<typeof privacyEraseRequestSchema>;

/** The answer of POST /privacy/erase (DESIGN §5). */
export const privacyEraseResultSchema = z.object({
  appointmentsCancelled: z.number().int(),
  appointmentsAnonymised: z.number().int(),
  accountDeleted: z.boolean(),
});
export type PrivacyEraseResult = z.infer<typeof privacyEraseResultSchema>;

/** GET /privacy/export?email= (admin). */
export const privacyExportQuerySchema = z.object({ email: emailSchema });

/** An account's own records (spec §3's sub-resources), as held. */
const recordSchema = z.record(z.string(), z.union([z.string(), z.number(), z.null()]));

/** A mail still in the queue about the address: what it is, never its content. */
export const queuedMailSchema = z.object({
  id: z.number().int(),
  kind: z.string(),
  createdAt: z.string(),
  attempts: z.number().int(),
  nextAttemptAt: z.string(),
});
export type QueuedMail = z.infer<typeof queuedMailSchema>;

/** An invitation sent to the address (staff accounts are made by invitation, DESIGN §4b). */
export const exportedInvitationSchema = z.object({
  id: z.number().int(),
  role: z.string(),
  createdAt: z.string(),
  expiresAt: z.string(),
  acceptedAt: z.string().nullable(),
  withdrawnAt: z.string().nullable(),
});

/**
 * Everything held about one address (AVG/GDPR article 15; DESIGN §5): the account with its records,
 * every appointment with its history, invitations and the mails still queued. `summary` is what the
 * erasure screen shows before the admin confirms.
 */
export const privacyExportSchema = z.object({
  email: z.string(),
  generatedAt: z.string(),
  summary: z.object({
    account: z.boolean(),
    appointments: z.number().int(),
    upcoming: z.number().int(),
    historyEvents: z.number().int(),
    queuedMails: z.number().int(),
  }),
  account: userSchema
    .extend({
      records: z.object({
        memberCards: z.array(recordSchema),
        qualifications: z.array(recordSchema),
        serviceBooks: z.array(recordSchema),
        sailingTimes: z.array(recordSchema),
      }),
    })
    .nullable(),
  appointments: z.array(
    appointmentSchema.extend({
      /** Not yet started and confirmed: an erasure cancels it (with the cancellation mail). */
      upcoming: z.boolean(),
      history: z.array(appointmentHistoryEntrySchema),
    }),
  ),
  invitations: z.array(exportedInvitationSchema),
  queuedMails: z.array(queuedMailSchema),
});
export type PrivacyExport = z.infer<typeof privacyExportSchema>;
