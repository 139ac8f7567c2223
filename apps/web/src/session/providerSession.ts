/**
 * Whether this browser's session began at the organisation's identity provider (DESIGN §4c): signing
 * out then also ends the provider's session (`/api/auth/oidc/end-session`), else the next "Inloggen
 * met …" would sign straight back in. Kept beside the tokens; a password sign-in clears it.
 */
const KEY = 'signed_in_with_provider';

export function markProviderSession(on: boolean): void {
  try {
    if (on) window.localStorage.setItem(KEY, '1');
    else window.localStorage.removeItem(KEY);
  } catch {
    /* private modes: the provider's session then outlives Balie's */
  }
}

export function isProviderSession(): boolean {
  try {
    return window.localStorage.getItem(KEY) === '1';
  } catch {
    return false;
  }
}

/** The server route that sends the browser to the provider's sign-out page (or back to /login). */
export const PROVIDER_SIGN_OUT_URL = '/api/auth/oidc/end-session';
