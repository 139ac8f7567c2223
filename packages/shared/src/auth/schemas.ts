import { z } from 'zod';
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

export const refreshRequestSchema = z.object({ refresh_token: z.string().min(1).max(200) });
export type RefreshRequest = z.infer<typeof refreshRequestSchema>;

export const tokenPairSchema = z.object({ token: z.string(), refresh_token: z.string() });
export type TokenPair = z.infer<typeof tokenPairSchema>;

export const forgotPasswordRequestSchema = z.object({
  email: emailSchema,
  timezone: z.string().max(64).optional(),
});
export type ForgotPasswordRequest = z.infer<typeof forgotPasswordRequestSchema>;

export const resetPasswordRequestSchema = z.object({
  password: newPasswordSchema,
  token: z.string().min(1).max(200).optional(),
});
export type ResetPasswordRequest = z.infer<typeof resetPasswordRequestSchema>;

const isoDate = z.iso.date('invalid_date');

export const registerRequestSchema = z.object({
  email: emailSchema,
  password: newPasswordSchema,
  firstName: z.string().trim().max(100).optional(),
  lastName: z.string().trim().max(100).optional(),
  birthDay: isoDate.optional().nullable(),
  serviceBookNr: z.string().trim().max(50).optional().nullable(),
  cardNumber: z.string().trim().max(50).optional().nullable(),
  language: z.string().max(10).optional(),
  timezone: z.string().max(64).optional(),
});
export type RegisterRequest = z.infer<typeof registerRequestSchema>;
