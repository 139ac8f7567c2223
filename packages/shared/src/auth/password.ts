import { z } from 'zod';
import { PASSWORD_MIN_LENGTH } from '../constants.js';

/**
 * The fixed set of special characters a new password needs one of (spec §5 leaves the set open;
 * see docs/decisions/0003-password-rules.md).
 */
export const PASSWORD_SPECIAL_CHARS = '!@#$%^&*()_+-=[]{};\':"\\|,.<>/?~`';

const hasSpecial = (value: string) => [...value].some((c) => PASSWORD_SPECIAL_CHARS.includes(c));

/** A new password, with the error keys of spec §5 as messages (the client translates them). */
export const newPasswordSchema = z
  .string({ error: 'password_required' })
  .min(1, 'password_required')
  .min(PASSWORD_MIN_LENGTH, 'password_min_size')
  .max(200, 'password_max_size')
  .refine(hasSpecial, 'password_special_char')
  .refine((v) => /[A-Z]/.test(v), 'password_capital');
