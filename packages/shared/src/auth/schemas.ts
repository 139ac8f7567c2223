import { z } from 'zod';
import { dateSchema, singleLineText, tokenSchema } from '../primitives.js';
import { newPasswordSchema } from './password.js';

/** E-mail with the error keys of spec §5. */
export const emailSchema = z
  .string({ error: 'email_required' })
  .trim()
  .min(1, 'email_required')
  .max(254, 'invalid_email')
  .pipe(z.email('invalid_email'));

export const loginRequestSchema = z.object({
  username: emailSchema,
  password: z.string({ error: 'password_required' }).min(1, 'password_required').max(200),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const refreshRequestSchema = z.object({ refresh_token: tokenSchema });
export type RefreshRequest = z.infer<typeof refreshRequestSchema>;

export const tokenPairSchema = z.object({ token: z.string(), refresh_token: z.string() });
export type TokenPair = z.infer<typeof tokenPairSchema>;

export const forgotPasswordRequestSchema = z.object({
  email: emailSchema,
  timezone: singleLineText(64).optional(),
});
export type ForgotPasswordRequest = z.infer<typeof forgotPasswordRequestSchema>;

export const resetPasswordRequestSchema = z.object({
  password: newPasswordSchema,
  token: tokenSchema.optional(),
});
export type ResetPasswordRequest = z.infer<typeof resetPasswordRequestSchema>;

/**
 * POST /user/{id}/password: a signed-in user's own new password, under the same rules as a reset, with
 * the current one as proof (a session left open on a shared computer cannot take the account).
 */
export const changePasswordRequestSchema = z.object({
  currentPassword: z.string({ error: 'password_required' }).min(1, 'password_required').max(200),
  password: newPasswordSchema,
});
export type ChangePasswordRequest = z.infer<typeof changePasswordRequestSchema>;

export const registerRequestSchema = z.object({
  email: emailSchema,
  password: newPasswordSchema,
  firstName: singleLineText(100).optional(),
  lastName: singleLineText(100).optional(),
  birthDay: dateSchema.optional().nullable(),
  serviceBookNr: singleLineText(50).optional().nullable(),
  cardNumber: singleLineText(50).optional().nullable(),
  language: singleLineText(10).optional(),
  timezone: singleLineText(64).optional(),
});
export type RegisterRequest = z.infer<typeof registerRequestSchema>;
