import { z } from 'zod';

/**
 * Two-step sign-in (DESIGN §5 *Two-step sign-in*): TOTP of RFC 6238 as every authenticator app computes
 * it — SHA-1, 6 digits, a new code every 30 seconds — accepted one step early or late (clocks drift).
 */
export const TOTP_DIGITS = 6;
export const TOTP_PERIOD_SECONDS = 30;
export const TOTP_WINDOW_STEPS = 1;
/** How many recovery codes confirming the setup hands out (each works once). */
export const RECOVERY_CODE_COUNT = 10;
/** How long the `mfaToken` of the password step lets the code step wait. */
export const MFA_TOKEN_SECONDS = 5 * 60;
/** The access review's "not signed in for 90 days" (decision 0363). */
export const INACTIVE_DAYS = 90;
/** The access review's CSV (users screen), named as the office files it. */
export const ACCESS_REVIEW_CSV_FILENAME = 'toegangsrechten.csv';

/**
 * What a person types in the code step: a TOTP code or a recovery code (`ABCD-EFGH-JKMN`). Spaces and
 * dashes are what people add when they copy one; they are left out before comparing.
 */
export const mfaCodeSchema = z
  .string({ error: 'code_required' })
  .trim()
  .min(1, 'code_required')
  .max(40, 'invalid_code')
  .regex(/^[0-9A-Za-z\s-]+$/, 'invalid_code');

/** A TOTP code alone (confirming the setup proves the app works: a recovery code cannot do that). */
export const totpCodeSchema = z
  .string({ error: 'code_required' })
  .trim()
  .min(1, 'code_required')
  .transform((code) => code.replace(/\s/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, 'invalid_code'));

/** `POST /user/{id}/mfa/setup` → the new secret (base32) and the link an authenticator app reads. */
export const mfaSetupResponseSchema = z.object({ secret: z.string(), otpauthUrl: z.string() });
export type MfaSetupResponse = z.infer<typeof mfaSetupResponseSchema>;

/** `POST /user/{id}/mfa/confirm { code }`. */
export const mfaConfirmRequestSchema = z.object({ code: totpCodeSchema });
export type MfaConfirmRequest = z.input<typeof mfaConfirmRequestSchema>;

/** The recovery codes, shown once: the server keeps only their hashes. */
export const mfaConfirmResponseSchema = z.object({
  recoveryCodes: z.array(z.string()).length(RECOVERY_CODE_COUNT),
});
export type MfaConfirmResponse = z.infer<typeof mfaConfirmResponseSchema>;

/** `DELETE /user/{id}/mfa`: one's own with a current code; an admin resetting someone else's sends none. */
export const mfaDisableRequestSchema = z.object({ code: mfaCodeSchema.optional() }).strict();
export type MfaDisableRequest = z.infer<typeof mfaDisableRequestSchema>;

/** The password step's answer for an account with two-step sign-in on. */
export const mfaChallengeSchema = z.object({ mfaRequired: z.literal(true), mfaToken: z.string() });
export type MfaChallenge = z.infer<typeof mfaChallengeSchema>;

/** `POST /login/mfa { mfaToken, code }`. */
export const loginMfaRequestSchema = z.object({
  mfaToken: z.string({ error: 'required' }).min(1, 'required').max(2000, 'invalid_token'),
  code: mfaCodeSchema,
});
export type LoginMfaRequest = z.infer<typeof loginMfaRequestSchema>;
