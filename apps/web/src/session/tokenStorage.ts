import type { TokenPair } from '@balie/shared';

/** localStorage keys of spec §3 ("kept in browser local storage under the keys for the access token and the refresh token"). */
export const ACCESS_TOKEN_KEY = 'access_token';
export const REFRESH_TOKEN_KEY = 'refresh_token';

export interface StoredTokens {
  token: string | null;
  refreshToken: string | null;
}

// Private browsing modes and storage quotas can make localStorage throw; the session then lives in memory only.
function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function loadTokens(): StoredTokens {
  return { token: read(ACCESS_TOKEN_KEY), refreshToken: read(REFRESH_TOKEN_KEY) };
}

export function saveTokens(pair: TokenPair): void {
  try {
    window.localStorage.setItem(ACCESS_TOKEN_KEY, pair.token);
    window.localStorage.setItem(REFRESH_TOKEN_KEY, pair.refresh_token);
  } catch {
    /* see read() */
  }
}

export function clearTokens(): void {
  try {
    window.localStorage.removeItem(ACCESS_TOKEN_KEY);
    window.localStorage.removeItem(REFRESH_TOKEN_KEY);
  } catch {
    /* see read() */
  }
}
