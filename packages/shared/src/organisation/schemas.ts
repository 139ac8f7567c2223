import { z } from 'zod';
import { plainText } from '../primitives.js';
import {
  patchPrivacyStatementSchema,
  privacyStatementSchema,
  retentionDaysSchema,
} from '../privacy/schemas.js';
import { PRIMARY_COLOUR_PATTERN } from './colour.js';
import { OIN_PATTERN } from '../webhooks/schemas.js';
import { staffSignInSchema } from '../identity-provider/schemas.js';
import { reminderSchema, remindersSchema } from './reminders.js';

/** The spec's extra fields the register form may ask (DESIGN §4b); the organisation chooses which. */
export const REGISTER_FIELDS = ['birthDay', 'serviceBookNr', 'cardNumber'] as const;
export type RegisterField = (typeof REGISTER_FIELDS)[number];

/** The chosen fields, each once, in the form's order whatever order they were sent in. */
const registerFieldsSchema = z
  .array(z.enum(REGISTER_FIELDS))
  .max(REGISTER_FIELDS.length)
  .transform((fields) => REGISTER_FIELDS.filter((f) => fields.includes(f)));

/** The provider's one organisation record (DESIGN §4): top bar link, mail footers, `.ics` location. */
export const organisationSchema = z.object({
  name: z.string(),
  street: z.string(),
  postcode: z.string(),
  city: z.string(),
  phone: z.string(),
  email: z.string(),
  website: z.string(),
  /** Whether guests may make an account on /register (DESIGN §4b; default true). */
  registrationOpen: z.boolean(),
  /** Which extra fields /register asks; the API accepts all of them whatever this says. */
  registerFields: z.array(z.enum(REGISTER_FIELDS)),
  /** Admins must use two-step sign-in (DESIGN §5; default false, on in the README's production recipe). */
  requireMfaForAdmins: z.boolean(),
  /** Days an appointment's personal data is kept after it ended or was cancelled (DESIGN §4b; 7–3650, 30). */
  retentionDays: z.number().int(),
  /** The public /privacy page's text per language; '' for the default text (decision 0372). */
  privacyStatement: privacyStatementSchema,
  /**
   * Branding (DESIGN §5): the uploaded logo (PNG, JPEG or WebP, served at
   * `/api/organisation/logo/{logoFileId}`), or null for none.
   */
  logoFileId: z.number().int().nullable(),
  /** `#rrggbb`, white text on it ≥ 4.5:1; the product's dark blue until the organisation chooses one. */
  primaryColour: z.string(),
  /**
   * The contact parts of the accessibility statement (/accessibility, decision 0393): where visitors
   * report a barrier ('' = the organisation's own e-mail address and phone number), within how many
   * working days they get an answer, and the organisation's complaints procedure ('' = none named).
   */
  accessibilityEmail: z.string(),
  accessibilityPhone: z.string(),
  accessibilityResponseDays: z.number().int(),
  accessibilityComplaintsUrl: z.string(),
  /**
   * The organisation identification number (OIN, 20 digits) or '': with it, events name their source
   * `urn:nld:oin:{oin}:systeem:balie` as the NL GOV profile for CloudEvents recommends (decision 0442).
   */
  oin: z.string(),
  /**
   * The login page's "Inloggen met {displayName}" while the organisation's identity provider is
   * connected, else null (DESIGN §5 *Identity provider*).
   */
  staffSignIn: staffSignInSchema,
  /** Reminders before each appointment, the most hours before first (DESIGN §5 Reminders; default 24 h). */
  reminders: z.array(reminderSchema),
});
export type Organisation = z.infer<typeof organisationSchema>;

/** '' clears an optional field. */
const orEmpty = <T extends z.ZodType<string>>(schema: T) => z.union([z.literal(''), schema]);

const webAddress = orEmpty(
  z.url({ protocol: /^https?$/, hostname: z.regexes.domain, error: 'invalid_url' }).max(500, 'too_long'),
);

/** Working days within which a report about accessibility is answered (the model statement's "binnen … werkdagen"). */
export const ACCESSIBILITY_RESPONSE_DAYS = { min: 1, max: 60, default: 5 } as const;

/** PATCH /organisation (admin): changes the fields it names. */
export const patchOrganisationRequestSchema = z
  .object({
    name: plainText(200).min(1, 'required'),
    street: plainText(200),
    postcode: plainText(20),
    city: plainText(100),
    phone: plainText(50),
    email: orEmpty(z.email('invalid_email').max(254, 'too_long')),
    website: webAddress,
    registrationOpen: z.boolean(),
    registerFields: registerFieldsSchema,
    requireMfaForAdmins: z.boolean(),
    retentionDays: retentionDaysSchema,
    privacyStatement: patchPrivacyStatementSchema,
    /** Its contrast with white is the server's check (400 `insufficient_contrast`), not a format error. */
    primaryColour: z
      .string()
      .regex(PRIMARY_COLOUR_PATTERN, 'invalid_colour')
      .transform((c) => c.toLowerCase()),
    accessibilityEmail: orEmpty(z.email('invalid_email').max(254, 'too_long')),
    accessibilityPhone: plainText(50),
    accessibilityResponseDays: z
      .number()
      .int('invalid_number')
      .min(ACCESSIBILITY_RESPONSE_DAYS.min, 'too_small')
      .max(ACCESSIBILITY_RESPONSE_DAYS.max, 'too_big'),
    accessibilityComplaintsUrl: webAddress,
    oin: orEmpty(z.string().regex(OIN_PATTERN, 'invalid_oin')),
    reminders: remindersSchema,
  })
  .partial()
  .strict();
export type PatchOrganisationRequest = z.infer<typeof patchOrganisationRequestSchema>;
