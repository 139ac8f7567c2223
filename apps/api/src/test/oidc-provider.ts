import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, decodeJwt, type JWK } from 'jose';
import Provider, { type KoaContextWithOIDC } from 'oidc-provider';

/**
 * A real OpenID Provider for tests (`oidc-provider`, OpenID Certified), listening on a loopback port:
 * one client, accounts whose claims a test changes (a `roles` claim, the e-mail address), and the
 * interaction (the provider's login page) completed in code for the account the test names next, with
 * the `amr` it names. `tamperIdToken` lets the provider hand out one ID token changed after signing
 * with its own key (another audience, a past expiry): what a broken or hostile provider would send, for
 * the relying party's checks to refuse.
 */

export interface TestAccount {
  sub: string;
  email: string;
  emailVerified?: boolean;
  roles: string[];
  givenName?: string;
  familyName?: string;
}

export interface TestProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  accounts: Map<string, TestAccount>;
  /** The account (and `amr`) the next interaction signs in. */
  signInNext(sub: string, amr?: string[]): void;
  /** Changes the claims of the next ID token the token endpoint hands out. */
  tamperIdToken(change: (claims: Record<string, unknown>) => Record<string, unknown>): void;
  close(): Promise<void>;
}

export async function startTestProvider(options: {
  redirectUri: string;
  postLogoutRedirectUri: string;
  port?: number;
  clientId?: string;
  clientSecret?: string;
}): Promise<TestProvider> {
  const clientId = options.clientId ?? 'balie';
  const clientSecret = options.clientSecret ?? 'balie-test-client-secret-0123456789';
  const accounts = new Map<string, TestAccount>();
  let next: { sub: string; amr: string[] } | null = null;
  let tamper: ((claims: Record<string, unknown>) => Record<string, unknown>) | null = null;

  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk: JWK = { ...(await exportJWK(privateKey)), kid: 'test-key', alg: 'RS256', use: 'sig' };

  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [options.redirectUri],
        post_logout_redirect_uris: [options.postLogoutRedirectUri],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    jwks: { keys: [jwk] },
    // A test's lifetimes, said outright (the provider warns about its defaults otherwise).
    ttl: {
      Interaction: 600,
      Grant: 600,
      Session: 600,
      AccessToken: 600,
      IdToken: 600,
      AuthorizationCode: 60,
    },
    pkce: { required: () => true },
    // Claims in the ID token itself (as Entra ID's app roles are), not only at the userinfo endpoint.
    conformIdTokenClaims: false,
    claims: {
      // The provider's own defaults, and `amr` (how the person signed in) with the openid scope.
      acr: null,
      auth_time: null,
      sid: null,
      openid: ['sub', 'roles', 'realm_access', 'amr'],
      email: ['email', 'email_verified'],
      profile: ['given_name', 'family_name'],
    },
    features: { devInteractions: { enabled: false }, rpInitiatedLogout: { enabled: true } },
    interactions: { url: (_ctx: KoaContextWithOIDC, interaction) => `/interaction/${interaction.uid}` },
    findAccount: (_ctx, sub) => {
      const account = accounts.get(sub);
      if (!account) return undefined;
      return {
        accountId: sub,
        claims: () => ({
          sub,
          email: account.email,
          email_verified: account.emailVerified ?? true,
          roles: account.roles,
          // Where Keycloak puts realm roles (with its mapper's "Add to ID token" on).
          realm_access: { roles: account.roles },
          given_name: account.givenName,
          family_name: account.familyName,
        }),
      };
    },
  });

  /** The provider's login and consent, done for the account the test named. */
  async function interaction(req: IncomingMessage, res: ServerResponse) {
    const details = await provider.interactionDetails(req, res);
    if (!next) throw new Error('no test account named for this sign-in');
    const { sub, amr } = next;
    const grant = new provider.Grant({ accountId: sub, clientId });
    grant.addOIDCScope(String(details.params.scope));
    const grantId = await grant.save();
    await provider.interactionFinished(
      req,
      res,
      { login: { accountId: sub, amr }, consent: { grantId } },
      { mergeWithLastSubmission: false },
    );
  }

  /** The token endpoint's answer with its ID token changed and signed again with the provider's key. */
  function tamperedTokenResponse(res: ServerResponse, change: NonNullable<typeof tamper>) {
    const write = res.end.bind(res);
    res.end = ((body: string | Buffer) => {
      const json = JSON.parse(String(body)) as { id_token: string };
      const claims = change(decodeJwt(json.id_token) as Record<string, unknown>);
      void new SignJWT(claims)
        .setProtectedHeader({ alg: 'RS256', kid: 'test-key' })
        .sign(privateKey)
        .then((idToken) => {
          const out = JSON.stringify({ ...json, id_token: idToken });
          res.setHeader('content-length', Buffer.byteLength(out));
          write(out);
        });
      return res;
    }) as typeof res.end;
  }

  const callback = provider.callback();
  server.on('request', (req, res) => {
    if (req.url?.startsWith('/interaction/')) {
      interaction(req, res).catch((err: unknown) => {
        res.statusCode = 500;
        res.end(String(err));
      });
      return;
    }
    if (req.method === 'POST' && req.url === '/token' && tamper) {
      tamperedTokenResponse(res, tamper);
      tamper = null;
    }
    void callback(req, res);
  });

  return {
    issuer,
    clientId,
    clientSecret,
    accounts,
    signInNext(sub, amr = ['pwd']) {
      next = { sub, amr };
    },
    tamperIdToken(change) {
      tamper = change;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * A browser's way through the provider for tests: follows the provider's redirects with its own cookie
 * jar until the provider sends the browser back to `redirectUri`; answers that callback URL.
 */
export async function throughProvider(authorizationUrl: string, redirectUri: string): Promise<string> {
  const jar = new Map<string, string>();
  let url = authorizationUrl;
  for (let hop = 0; hop < 10; hop++) {
    if (url.startsWith(redirectUri)) return url;
    const res = await fetch(url, {
      redirect: 'manual',
      headers: { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    for (const cookie of res.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const [name, ...value] = pair!.split('=');
      jar.set(name!.trim(), value.join('='));
    }
    const location = res.headers.get('location');
    if (!location) throw new Error(`the provider answered ${res.status} at ${url}: ${await res.text()}`);
    url = new URL(location, url).toString();
  }
  throw new Error('too many redirects at the provider');
}
