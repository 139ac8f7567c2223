import { randomInt } from 'node:crypto';
import { CHECK_IN_CODE_ALPHABET, CHECK_IN_CODE_LENGTH } from '@balie/shared';
import { SQLSTATE, sqlStateOf } from '../../db/errors.js';

/** The partial unique index that keeps codes unique among active appointments (migration 0005). */
const CHECK_IN_CODE_INDEX = 'appointments_check_in_code_active';
/** 31^8 ≈ 8.5e11 codes: a second collision in a row is already next to impossible. */
const MAX_TRIES = 5;

/** A fresh random code (crypto random, so codes cannot be guessed from each other). */
export function newCheckInCode(): string {
  let code = '';
  for (let i = 0; i < CHECK_IN_CODE_LENGTH; i++) {
    code += CHECK_IN_CODE_ALPHABET[randomInt(CHECK_IN_CODE_ALPHABET.length)];
  }
  return code;
}

/** Whether a failed query broke the uniqueness of check-in codes (and no other unique constraint). */
function isCheckInCodeCollision(err: unknown): boolean {
  if (sqlStateOf(err) !== SQLSTATE.uniqueViolation) return false;
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const { constraint, message } = e as { constraint?: unknown; message?: unknown };
    if (constraint === CHECK_IN_CODE_INDEX) return true;
    if (typeof message === 'string' && message.includes(CHECK_IN_CODE_INDEX)) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * Runs `work` (a whole transaction) with a fresh code, and again with another one when the database
 * says the code is taken: a failed statement aborts its transaction, so the retry starts anew.
 */
export async function withFreshCheckInCode<T>(
  work: (code: string) => Promise<T>,
  nextCode: () => string = newCheckInCode,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work(nextCode());
    } catch (err) {
      if (attempt >= MAX_TRIES || !isCheckInCodeCollision(err)) throw err;
    }
  }
}
