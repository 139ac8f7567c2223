import type { InjectOptions } from 'fastify';
import { MAX_ID } from '@balie/shared';
import type { Session } from './app.js';
import { jsonSchemaOf } from './hostile-input.js';
import type { Access } from './route-access.js';
import type { ApiRoute } from './routes.js';

/**
 * A path value that passes validation: the caller's own id on the /user/:id routes about one's own
 * account, else an id or token of nobody (admin routes never act on the personas themselves).
 */
function pathValue(route: ApiRoute, access: Access, name: string, session: Session | null): string {
  const field = jsonSchemaOf(route.schema?.params)?.properties?.[name];
  if (field?.format === 'uuid') return '00000000-0000-4000-8000-000000000000';
  if (field?.type === 'integer' || field?.type === 'number')
    return access === 'user' && route.url.startsWith('/api/user/:id') && session
      ? String(session.userId)
      : String(MAX_ID);
  return 'no-such-token-0000000000000000000000000000';
}

/**
 * The request a route-table test sends for `key` (a ROUTE_ACCESS key, maybe with a query) as `session`
 * (a guest when null), with `headers` instead of the session's when given: ids of nobody, and a body no
 * route accepts — access must be decided before the input is (a guest learns nothing of a protected
 * route's schema), and an allowed call must not change anything.
 */
export function routeRequest(
  routes: ApiRoute[],
  key: string,
  access: Access,
  session: Session | null,
  headers: Record<string, string> = session?.headers ?? {},
): InjectOptions {
  const [method, target] = key.split(' ') as [string, string];
  const [path, query] = target.split('?') as [string, string | undefined];
  const route = routes.find((r) => r.key === `${method} ${path}`)!;
  const url = path.replace(/:(\w+)/g, (_m, name: string) => pathValue(route, access, name, session));
  return {
    method: method as InjectOptions['method'],
    url: query ? `${url}?${query}` : url,
    headers,
    ...(['POST', 'PATCH', 'PUT'].includes(method) ? { payload: [] } : {}),
  };
}
