import { apiErrorSchema } from '@balie/shared';

/**
 * The error answers a group of routes documents (DESIGN §5's error shape under each status), for their
 * `response` schemas: `{ ...errorResponses(400, 401, 403), 200: thing }`.
 */
export function errorResponses<S extends number>(...statuses: S[]): Record<S, typeof apiErrorSchema> {
  return Object.fromEntries(statuses.map((s) => [s, apiErrorSchema])) as Record<S, typeof apiErrorSchema>;
}
