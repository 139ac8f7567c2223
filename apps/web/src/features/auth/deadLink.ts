import { apiErrorOf } from '../../lib/apiError';

/**
 * A mailed link that opens nothing: unknown, used, run out or withdrawn. The server answers it with 400
 * and `errors: [{ property: "token", message: "object/not-found" }]` (DESIGN §5), for reset links and
 * invitations alike.
 */
export function isDeadLink(error: unknown): boolean {
  return !!apiErrorOf(error)?.errors?.some((e) => e.property === 'token' && e.message === 'object/not-found');
}
