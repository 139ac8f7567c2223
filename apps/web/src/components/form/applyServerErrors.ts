import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { apiErrorOf } from '../../lib/apiError';

/**
 * Puts the server's per-field errors (DESIGN §5 `errors[{property,message}]`) under the matching form
 * fields. Returns true when at least one field took an error, so the caller knows whether to show a
 * general message instead.
 */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  fields: readonly Path<T>[],
  setError: UseFormSetError<T>,
): boolean {
  const body = apiErrorOf(error);
  let applied = false;
  for (const e of body?.errors ?? []) {
    const field = fields.find((f) => f === e.property);
    if (field) {
      setError(field, { type: 'server', message: e.message }, { shouldFocus: !applied });
      applied = true;
    }
  }
  return applied;
}
