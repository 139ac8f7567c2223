import { apiErrorOf } from '../../../../lib/apiError';

/** The server's reasons (409 change_not_possible, errors[0].message) the code field names. */
const REASONS = ['not_today', 'already_checked_in', 'cancelled', 'no_show'] as const;
export type CheckInRefusal = (typeof REASONS)[number] | 'unknown_code' | 'invalid_code' | 'failed';

/** Why a check-in by code failed, read from the server's answer (DESIGN §5 error shape). */
export function refusalOf(error: unknown): CheckInRefusal {
  const body = apiErrorOf(error);
  if (!body) return 'failed';
  if (body.status === 404) return 'unknown_code';
  if (body.code === 'validation_failed' || body.status === 400) return 'invalid_code';
  const reason = body.errors?.[0]?.message;
  return REASONS.find((r) => r === reason) ?? 'failed';
}
