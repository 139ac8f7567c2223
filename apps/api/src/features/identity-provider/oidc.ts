import * as client from 'openid-client';
import { SECOND_FACTOR_AMR } from '@balie/shared';
import type { Config } from '../../config.js';
import { validationError } from '../../http/errors.js';

/**
 * The OpenID Connect relying party, all by `openid-client` (OpenID Certified): discovery, the
 * authorization request with PKCE, state and nonce, the code exchange and every check of the ID token
 * (signature, issuer, audience, expiry, nonce). Nothing here checks a token by hand.
 */

export interface ProviderSettings {
  issuer: string;
  clientId: string;
  clientSecret: string;
}

/** The callback the provider sends the browser back to; registered at the provider. */
export const redirectUriOf = (config: Config) => `${config.publicUrl}/api/auth/oidc/callback`;

/** Where the page that completes a sign-in lives (the fragment carries its hand-over or failure). */
export const landingOf = (config: Config) => `${config.publicUrl}/login/oidc`;

/**
 * The provider's configuration from its discovery document. An issuer over plain http only with
 * `OIDC_ALLOW_HTTP=1` (DESIGN §4c): 400 on `issuer` otherwise, before anything is fetched.
 */
export async function discover(config: Config, settings: ProviderSettings): Promise<client.Configuration> {
  const url = new URL(settings.issuer);
  const insecure = url.protocol === 'http:';
  if (insecure && !config.oidcAllowHttp) throw validationError('issuer', 'https_required');
  return client.discovery(url, settings.clientId, settings.clientSecret, undefined, {
    execute: insecure ? [client.allowInsecureRequests] : [],
    timeout: 10,
  });
}

export interface AuthorizationStart {
  url: URL;
  state: string;
  nonce: string;
  codeVerifier: string;
}

export async function startAuthorization(
  config: Config,
  provider: client.Configuration,
): Promise<AuthorizationStart> {
  const codeVerifier = client.randomPKCECodeVerifier();
  const state = client.randomState();
  const nonce = client.randomNonce();
  const url = client.buildAuthorizationUrl(provider, {
    redirect_uri: redirectUriOf(config),
    scope: 'openid email profile',
    code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
    state,
    nonce,
  });
  return { url, state, nonce, codeVerifier };
}

/**
 * The code exchange of a callback (`query` as the browser brought it): the library checks the state,
 * PKCE, the ID token's signature, issuer, audience, expiry and nonce, and throws on any failure.
 */
export async function completeAuthorization(
  config: Config,
  provider: client.Configuration,
  query: string,
  checks: { state: string; nonce: string; codeVerifier: string },
): Promise<client.IDToken> {
  const tokens = await client.authorizationCodeGrant(provider, new URL(`${redirectUriOf(config)}?${query}`), {
    pkceCodeVerifier: checks.codeVerifier,
    expectedState: checks.state,
    expectedNonce: checks.nonce,
    idTokenExpected: true,
  });
  const claims = tokens.claims();
  if (!claims) throw new Error('no ID token');
  return claims;
}

/** The provider's sign-out page, when it offers one (RP-Initiated Logout), back to Balie's login page. */
export function endSessionUrl(config: Config, provider: client.Configuration): string | null {
  if (!provider.serverMetadata().end_session_endpoint) return null;
  return client
    .buildEndSessionUrl(provider, {
      client_id: provider.clientMetadata().client_id,
      post_logout_redirect_uri: `${config.publicUrl}/login`,
    })
    .toString();
}

/**
 * The values of the role claim: `roles`, or a dotted path into nested claims (Keycloak's
 * `realm_access.roles`); a single string counts as one value.
 */
export function roleValuesOf(claims: Record<string, unknown>, roleClaim: string): string[] {
  let value: unknown = claims;
  for (const part of roleClaim.split('.')) {
    value = value && typeof value === 'object' ? (value as Record<string, unknown>)[part] : undefined;
  }
  if (typeof value === 'string') return [value];
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}

/** Whether the ID token's `amr` (RFC 8176) names a second factor. */
export function secondFactorOf(claims: Record<string, unknown>): boolean {
  const amr = claims.amr;
  return Array.isArray(amr) && amr.some((m) => (SECOND_FACTOR_AMR as readonly unknown[]).includes(m));
}
