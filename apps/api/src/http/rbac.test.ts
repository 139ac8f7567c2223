import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { MAX_ID } from '@balie/shared';
import { jsonSchemaOf } from '../test/hostile-input.js';
import {
  PERSONAS,
  ROUTE_ACCESS,
  signInPersonas,
  testDatabases,
  useTestApp,
  type Access,
  type ApiRoute,
  type Persona,
  type Session,
} from '../test/index.js';

/** The personas each access level lets through (role groups expand: a developer is an admin too). */
const ALLOWED: Record<Access, readonly Persona[]> = {
  open: PERSONAS,
  user: ['user', 'staff', 'admin', 'developer'],
  staff: ['staff', 'admin', 'developer'],
  admin: ['admin', 'developer'],
  developer: ['developer'],
};

const TABLE_FILE = 'apps/api/src/test/route-access.ts';

/**
 * The server enforces every role rule (DESIGN §6): each registered route, called by guest, user, staff,
 * admin and developer, answers 401 to a guest and 403 to a too-low role where ROUTE_ACCESS says so — before
 * looking at the input — and neither to the roles it allows. Ids name nothing (so an allowed call ends in 404 or 400, never in a change),
 * except a user's own id on /user/:id routes, which are about one's own account.
 */
describe.each(testDatabases)('route access follows the table (%s)', (kind) => {
  const t = useTestApp(kind, { routes: true });
  let sessions: Record<Persona, Session | null>;
  beforeAll(async () => {
    sessions = await signInPersonas(t);
  });

  it('has a decision for every registered route, and none for a route that does not exist', () => {
    const registered = new Set(t.routes.map((r) => r.key));
    const missing = [...registered].filter((key) => !(key in ROUTE_ACCESS));
    expect(missing, `routes without an access decision: add them to ROUTE_ACCESS in ${TABLE_FILE}`).toEqual(
      [],
    );
    const stale = Object.keys(ROUTE_ACCESS).filter((key) => !registered.has(key.split('?')[0]!));
    expect(stale, `ROUTE_ACCESS in ${TABLE_FILE} names routes that are not registered`).toEqual([]);
  });

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

  function requestFor(key: string, access: Access, persona: Persona): InjectOptions {
    const [method, target] = key.split(' ') as [string, string];
    const [path, query] = target.split('?') as [string, string | undefined];
    const route = t.routes.find((r) => r.key === `${method} ${path}`)!;
    const session = sessions[persona];
    const url = path.replace(/:(\w+)/g, (_m, name: string) => pathValue(route, access, name, session));
    return {
      method: method as InjectOptions['method'],
      url: query ? `${url}?${query}` : url,
      headers: session?.headers ?? {},
      // A body no route accepts: access must be decided before the input is (a guest learns nothing of a
      // protected route's schema), and an allowed call must not change anything.
      ...(['POST', 'PATCH', 'PUT'].includes(method) ? { payload: [] } : {}),
    };
  }

  it('answers 401 to guests and 403 to too-low roles, and lets the allowed roles through', async () => {
    const wrong: string[] = [];
    for (const [key, access] of Object.entries(ROUTE_ACCESS)) {
      if (!t.routes.some((r) => r.key === key.split('?')[0])) continue;
      for (const persona of PERSONAS) {
        const res = await t.app.inject(requestFor(key, access, persona));
        const allowed = ALLOWED[access].includes(persona);
        const expected = allowed ? 'neither 401 nor 403' : persona === 'guest' ? '401' : '403';
        const ok = allowed
          ? res.statusCode !== 401 && res.statusCode !== 403
          : res.statusCode === (persona === 'guest' ? 401 : 403);
        if (!ok) wrong.push(`${key} (${access}) as ${persona}: ${res.statusCode}, expected ${expected}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});
