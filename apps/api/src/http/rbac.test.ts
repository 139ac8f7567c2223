import { beforeAll, describe, expect, it } from 'vitest';
import { routeRequest } from '../test/route-requests.js';
import {
  PERSONAS,
  ROUTE_ACCESS,
  signInPersonas,
  testDatabases,
  useTestApp,
  type Access,
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
  integration: [],
};

/** The refusal a persona gets: 401 from a guest's route or a system's (a person is never a client). */
const refusal = (access: Access, persona: Persona) =>
  persona === 'guest' || access === 'integration' ? 401 : 403;

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

  // An admin's POST /backups makes a real backup of the embedded database, read back before it answers:
  // seconds on a busy machine (decision 0470), so this walk over every route gets more than the default.
  it(
    'answers 401 to guests and 403 to too-low roles, and lets the allowed roles through',
    { timeout: 120_000 },
    async () => {
      const wrong: string[] = [];
      for (const [key, access] of Object.entries(ROUTE_ACCESS)) {
        if (!t.routes.some((r) => r.key === key.split('?')[0])) continue;
        for (const persona of PERSONAS) {
          const res = await t.app.inject(routeRequest(t.routes, key, access, sessions[persona]));
          const allowed = ALLOWED[access].includes(persona);
          const expected = allowed ? 'neither 401 nor 403' : String(refusal(access, persona));
          const ok = allowed
            ? res.statusCode !== 401 && res.statusCode !== 403
            : res.statusCode === refusal(access, persona);
          if (!ok) wrong.push(`${key} (${access}) as ${persona}: ${res.statusCode}, expected ${expected}`);
        }
      }
      expect(wrong).toEqual([]);
    },
  );
});
