import { apiErrorSchema, type ApiError } from '@balie/shared';

/**
 * The DESIGN §5 error body of a failed RTK Query call, or null for network errors and foreign bodies.
 * Accepts `unknown` because RTK Query's `error` is FetchBaseQueryError | SerializedError.
 */
export function apiErrorOf(error: unknown): (ApiError & { status: number }) | null {
  if (typeof error !== 'object' || error === null || !('status' in error) || typeof error.status !== 'number')
    return null;
  const body = apiErrorSchema.safeParse('data' in error ? error.data : undefined);
  return body.success ? { ...body.data, status: error.status } : null;
}

export function httpStatusOf(error: unknown): number | null {
  if (typeof error !== 'object' || error === null || !('status' in error)) return null;
  return typeof error.status === 'number' ? error.status : null;
}
