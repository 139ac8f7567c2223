/** SQLSTATE codes the app reacts to. */
export const SQLSTATE = {
  uniqueViolation: '23505',
  checkViolation: '23514',
  foreignKeyViolation: '23503',
  /** An EXCLUDE constraint, e.g. appointments_no_overlap. */
  exclusionViolation: '23P01',
  serializationFailure: '40001',
  deadlockDetected: '40P01',
} as const;

/**
 * The SQLSTATE of a failed query on either driver. Drizzle wraps the driver's error, so the code sits
 * on the error itself or somewhere down its `cause` chain.
 */
export function sqlStateOf(err: unknown): string | undefined {
  for (
    let e = err, depth = 0;
    e && typeof e === 'object' && depth < 5;
    e = (e as { cause?: unknown }).cause, depth++
  ) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}
