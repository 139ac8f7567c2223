import { z } from 'zod';
import { singleLineText, tokenSchema } from '../primitives.js';

/**
 * Staff sign in with the organisation's own accounts (DESIGN §4c, §5 *Identity provider*): one OpenID
 * Connect provider per installation. The client secret is write-only: the answer says only whether one
 * is stored.
 */
export const identityProviderSchema = z.object({
  enabled: z.boolean(),
  /** The button's text: "Inloggen met {displayName}". */
  displayName: z.string(),
  issuer: z.string(),
  clientId: z.string(),
  /** Whether a client secret is stored; the secret itself is never returned. */
  hasClientSecret: z.boolean(),
  /** The ID token claim that carries the roles (default `roles`; dotted for a nested claim: `realm_access.roles`). */
  roleClaim: z.string(),
  /** Values of the role claim that make someone an admin, and that make someone desk staff. */
  adminValues: z.array(z.string()),
  staffValues: z.array(z.string()),
  /** Whether staff and admins may still sign in with a Balie password (visitors always may). */
  passwordLoginForStaff: z.boolean(),
  /** The redirect URI to register at the provider: `{PUBLIC_URL}/api/auth/oidc/callback`. */
  redirectUri: z.string(),
  /** When an admin last signed in through the provider (switching password sign-in off needs one). */
  adminSignedInAt: z.string().nullable(),
});
export type IdentityProvider = z.infer<typeof identityProviderSchema>;

const roleValues = z.array(singleLineText(200).pipe(z.string().min(1, 'required'))).max(50);

/**
 * PUT /identity-provider: the whole setting. `clientSecret` left out (or '') keeps the stored one. An
 * enabled provider needs an issuer, a client id, a secret (sent or stored), a display name and at least
 * one admin or staff value: checked by the server with the discovery document.
 */
export const putIdentityProviderRequestSchema = z.object({
  enabled: z.boolean(),
  displayName: singleLineText(60),
  issuer: z.union([z.literal(''), z.url({ protocol: /^https?$/, error: 'invalid_url' }).max(500)]),
  clientId: singleLineText(300),
  clientSecret: z.string().max(1000).optional(),
  roleClaim: singleLineText(200).pipe(z.string().regex(/^[^\s.][^\s]*$/, 'invalid_claim')),
  adminValues: roleValues,
  staffValues: roleValues,
  passwordLoginForStaff: z.boolean(),
});
export type PutIdentityProviderRequest = z.infer<typeof putIdentityProviderRequestSchema>;

/** Where `GET /organisation` tells the login page to show "Inloggen met {displayName}" (null: no button). */
export const staffSignInSchema = z.object({ displayName: z.string() }).nullable();

/** POST /auth/oidc/session: the one-time hand-over of a completed provider sign-in to the page. */
export const oidcSessionRequestSchema = z.object({ handoff: tokenSchema });
export type OidcSessionRequest = z.infer<typeof oidcSessionRequestSchema>;

/** Why a provider sign-in ended without a session; the page shows each in words. */
export const OIDC_FAILURES = [
  'no_role',
  'no_email',
  'account_conflict',
  'failed',
  'disabled',
  'expired',
] as const;
export type OidcFailure = (typeof OIDC_FAILURES)[number];

/** The second factors an ID token's `amr` may name (RFC 8176) that count as two-step sign-in. */
export const SECOND_FACTOR_AMR = ['mfa', 'otp', 'hwk', 'swk', 'sc'] as const;
