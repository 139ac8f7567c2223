import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { integrationClientSchema, integrationClientWithSecretSchema } from '@balie/shared';
import { auditEvents, integrationClients } from '../../db/schema/index.js';
import { routeRequest } from '../../test/route-requests.js';
import { ROUTE_ACCESS, testDatabases, useTestApp, type Session } from '../../test/index.js';

const VERSION = '/api/compat/jcc-warp/v1/version';
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
const basic = (id: string, secret: string) => ({
  authorization: `Basic ${Buffer.from(`${encodeURIComponent(id)}:${encodeURIComponent(secret)}`).toString('base64')}`,
});
const bearer = (token: string) => ({ headers: { authorization: `Bearer ${token}` } }) as Session;

describe.each(testDatabases)('integration clients and their tokens on %s', (kind) => {
  const t = useTestApp(kind, { sessions: ['admin', 'user'], routes: true });

  let seq = 0;
  async function newClient(mailsVisitor = false) {
    const res = await t.call('POST', '/api/integration-clients', t.admin, {
      name: `Open Forms ${kind} ${++seq}`,
      mailsVisitor,
    });
    expect(res.statusCode, res.body).toBe(201);
    return integrationClientWithSecretSchema.strict().parse(res.json());
  }
  const requestToken = (body: string, headers: Record<string, string> = {}, url = '/api/oauth/token') =>
    t.app.inject({ method: 'POST', url, headers: { ...FORM, ...headers }, payload: body });
  async function tokenOf(client: { clientId: string; clientSecret: string }) {
    const res = await requestToken(
      'grant_type=client_credentials&scope=warp-api',
      basic(client.clientId, client.clientSecret),
    );
    expect(res.statusCode, res.body).toBe(200);
    return res.json().access_token as string;
  }

  it('shows the secret once: made and renewed; the list never holds it; all audited', async () => {
    const made = await newClient(true);
    expect(made).toMatchObject({ mailsVisitor: true, lastUsedAt: null });
    expect(made.clientId).toMatch(/^balie-/);
    expect(made.clientSecret.length).toBeGreaterThanOrEqual(43);
    const list = await t.call('GET', '/api/integration-clients', t.admin);
    const listed = list.json().find((c: { id: number }) => c.id === made.id);
    expect(integrationClientSchema.strict().parse(listed)).toMatchObject({ name: made.name });
    expect(list.body).not.toContain(made.clientSecret);

    const renewed = await t.call('POST', `/api/integration-client/${made.id}/secret`, t.admin);
    expect(renewed.statusCode).toBe(200);
    expect(renewed.json().clientSecret).not.toBe(made.clientSecret);
    expect(renewed.json().clientId).toBe(made.clientId);

    const trail = await t.database.db
      .select({ action: auditEvents.action, actor: auditEvents.actorUserId, details: auditEvents.details })
      .from(auditEvents)
      .where(
        and(eq(auditEvents.subjectType, 'integration_client'), eq(auditEvents.subjectId, String(made.id))),
      );
    expect(trail.map((e) => e.action)).toEqual([
      'integration_client_created',
      'integration_client_secret_renewed',
    ]);
    expect(trail.every((e) => e.actor === t.admin.userId)).toBe(true);
    expect(JSON.stringify(trail)).not.toContain(made.clientSecret);
    const events = await t.call('GET', '/api/audit-events?entityType=integration_client', t.admin);
    expect(events.json().items[0]).toMatchObject({ entityLabel: made.name });
  });

  it('refuses to make a client without a name, naming the field', async () => {
    const res = await t.call('POST', '/api/integration-clients', t.admin, { name: ' ', mailsVisitor: false });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toContainEqual(expect.objectContaining({ property: 'name' }));
  });

  it('issues a token by HTTP Basic and by the form (RFC 6749 §4.4), at both addresses', async () => {
    const client = await newClient();
    const byBasic = await requestToken(
      'grant_type=client_credentials&scope=warp-api',
      basic(client.clientId, client.clientSecret),
    );
    expect(byBasic.statusCode, byBasic.body).toBe(200);
    expect(byBasic.headers['cache-control']).toBe('no-store');
    expect(byBasic.json()).toMatchObject({ token_type: 'Bearer', expires_in: 3600, scope: 'warp-api' });
    const byForm = await requestToken(
      `grant_type=client_credentials&client_id=${encodeURIComponent(client.clientId)}&client_secret=${encodeURIComponent(client.clientSecret)}`,
      {},
      '/api/compat/jcc-warp/v1/connect/token',
    );
    expect(byForm.statusCode, byForm.body).toBe(200);
    const version = await t.call('GET', VERSION, bearer(byForm.json().access_token));
    expect(version.statusCode).toBe(200);
    const [row] = await t.database.db
      .select()
      .from(integrationClients)
      .where(eq(integrationClients.id, client.id));
    expect(row!.lastUsedAt).not.toBeNull();
  });

  it('answers RFC 6749 §5.2 errors: invalid_client (with the Basic challenge), grant, scope, two methods', async () => {
    const client = await newClient();
    const wrong = await requestToken(
      'grant_type=client_credentials',
      basic(client.clientId, 'not-the-secret'),
    );
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error).toBe('invalid_client');
    expect(wrong.headers['www-authenticate']).toMatch(/^Basic /);
    const nobody = await requestToken('grant_type=client_credentials&client_id=nobody&client_secret=x');
    expect([nobody.statusCode, nobody.json().error]).toEqual([401, 'invalid_client']);
    const none = await requestToken('grant_type=client_credentials');
    expect([none.statusCode, none.json().error]).toEqual([401, 'invalid_client']);
    const grant = await requestToken('grant_type=password', basic(client.clientId, client.clientSecret));
    expect([grant.statusCode, grant.json().error]).toEqual([400, 'unsupported_grant_type']);
    const missing = await requestToken('scope=warp-api', basic(client.clientId, client.clientSecret));
    expect([missing.statusCode, missing.json().error]).toEqual([400, 'invalid_request']);
    const scope = await requestToken(
      'grant_type=client_credentials&scope=admin',
      basic(client.clientId, client.clientSecret),
    );
    expect([scope.statusCode, scope.json().error]).toEqual([400, 'invalid_scope']);
    const both = await requestToken(
      `grant_type=client_credentials&client_id=${client.clientId}&client_secret=${client.clientSecret}`,
      basic(client.clientId, client.clientSecret),
    );
    expect([both.statusCode, both.json().error]).toEqual([400, 'invalid_request']);
  });

  it('counts failed authentications like failed logins: the 11th try in 15 minutes is refused, right or not', async () => {
    const client = await newClient();
    for (let i = 0; i < 10; i++)
      expect(
        (await requestToken('grant_type=client_credentials', basic(client.clientId, `guess-${i}`)))
          .statusCode,
      ).toBe(401);
    const right = await requestToken(
      'grant_type=client_credentials',
      basic(client.clientId, client.clientSecret),
    );
    expect([right.statusCode, right.json().error]).toEqual([429, 'too_many_requests']);
    // Another client is not held up by it.
    const other = await newClient();
    await tokenOf(other);
  });

  it("a client's token opens the integration routes only: every admin, staff and user route answers 401", async () => {
    const token = await tokenOf(await newClient());
    const wrong: string[] = [];
    for (const [key, access] of Object.entries(ROUTE_ACCESS)) {
      if (access === 'open' || !t.routes.some((r) => r.key === key.split('?')[0])) continue;
      const res = await t.app.inject(
        routeRequest(t.routes, key, access, null, { authorization: `Bearer ${token}` }),
      );
      const ok =
        access === 'integration' ? res.statusCode !== 401 && res.statusCode !== 403 : res.statusCode === 401;
      if (!ok) wrong.push(`${key} (${access}): ${res.statusCode}`);
    }
    expect(wrong).toEqual([]);
    // And a person's token, an admin's included, does not open an integration route.
    expect((await t.call('GET', VERSION, t.admin)).statusCode).toBe(401);
  });

  it('revoking ends its tokens and its secret at once; renewing ends the old secret and its tokens', async () => {
    const client = await newClient();
    const token = await tokenOf(client);
    const renewed = (await t.call('POST', `/api/integration-client/${client.id}/secret`, t.admin)).json();
    expect((await t.call('GET', VERSION, bearer(token))).statusCode).toBe(401);
    expect(
      (await requestToken('grant_type=client_credentials', basic(client.clientId, client.clientSecret)))
        .statusCode,
    ).toBe(401);
    const fresh = await tokenOf(renewed);
    expect((await t.call('GET', VERSION, bearer(fresh))).statusCode).toBe(200);

    const revoked = await t.call('DELETE', `/api/integration-client/${client.id}`, t.admin);
    expect(revoked.statusCode).toBe(204);
    expect((await t.call('GET', VERSION, bearer(fresh))).statusCode).toBe(401);
    expect(
      (await requestToken('grant_type=client_credentials', basic(client.clientId, renewed.clientSecret)))
        .statusCode,
    ).toBe(401);
    const list = (await t.call('GET', '/api/integration-clients', t.admin)).json();
    expect(list.map((c: { id: number }) => c.id)).not.toContain(client.id);
    expect((await t.call('DELETE', `/api/integration-client/${client.id}`, t.admin)).statusCode).toBe(404);
    expect((await t.call('POST', `/api/integration-client/${client.id}/secret`, t.admin)).statusCode).toBe(
      404,
    );
  });

  it('keeps clients to admins: a user gets 403', async () => {
    expect((await t.call('GET', '/api/integration-clients', t.user)).statusCode).toBe(403);
    expect(
      (await t.call('POST', '/api/integration-clients', t.user, { name: 'x', mailsVisitor: false }))
        .statusCode,
    ).toBe(403);
  });
});
