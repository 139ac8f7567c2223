import { z } from 'zod';

/**
 * Check-in codes (DESIGN §4): 8 characters from an alphabet without look-alikes — no 0/O, no 1/I/L —
 * so a code read aloud, typed or scanned is not misread.
 */
export const CHECK_IN_CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export const CHECK_IN_CODE_LENGTH = 8;

/** What people and hand scanners type: any case, with spaces or hyphens between groups. */
export function normaliseCheckInCode(input: string): string {
  return input.replace(/[\s-]/g, '').toUpperCase();
}

const codePattern = new RegExp(`^[${CHECK_IN_CODE_ALPHABET}]{${CHECK_IN_CODE_LENGTH}}$`);

export function isCheckInCode(code: string): boolean {
  return codePattern.test(code);
}

/** POST /appointments/check-in: `code` is normalised first, then must have the shape of a code. */
export const checkInRequestSchema = z.object({
  code: z
    .string({ error: 'check_in_code_required' })
    .max(40, 'invalid_check_in_code')
    .transform(normaliseCheckInCode)
    .pipe(z.string().min(1, 'check_in_code_required').regex(codePattern, 'invalid_check_in_code')),
});
export type CheckInRequest = z.input<typeof checkInRequestSchema>;
