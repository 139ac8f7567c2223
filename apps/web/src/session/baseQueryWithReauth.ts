import {
  fetchBaseQuery,
  type BaseQueryApi,
  type BaseQueryFn,
  type FetchArgs,
  type FetchBaseQueryError,
} from '@reduxjs/toolkit/query/react';
import { i18n } from '../lib/i18n';
import { resetAll } from '../lib/store/resetAll';
import { credentialsReceived, mfaSetupRequired, type AuthState } from './authSlice';

export type AppBaseQuery = BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError>;

const authOf = (getState: () => unknown): AuthState => (getState() as { auth: AuthState }).auth;

/**
 * The spec §4 re-authentication flow on top of fetchBaseQuery:
 * - every request carries `Authorization: Bearer <token>` when a token exists, and `Accept-Language`
 *   with the interface language;
 * - a 401 on a request that was sent with a token starts ONE refresh (POST /refresh-token); requests
 *   that fail meanwhile wait for that same refresh and then each retry once;
 * - no refresh token, or a failed refresh, logs out (resetAll clears tokens, slices and the API cache).
 * A 401 on a request sent without a token (e.g. wrong credentials at login) is returned unchanged.
 * A 403 `mfa_setup_required` marks the session as held to the two-step setup (decision 0362): the
 * routes then take this admin there.
 * `baseUrl` is a parameter so tests can point it at a real local HTTP server.
 */
export function createReauthBaseQuery(baseUrl: string): AppBaseQuery {
  const rawBaseQuery = fetchBaseQuery({
    baseUrl,
    prepareHeaders: (headers, { getState }) => {
      const { token } = authOf(getState);
      if (token) headers.set('authorization', `Bearer ${token}`);
      // The server answers product texts in this language (DESIGN §4), so the interface and the
      // products it shows speak the same one.
      if (i18n.language) headers.set('accept-language', i18n.language);
      return headers;
    },
  });

  let refreshing: Promise<boolean> | null = null;

  async function refresh(api: BaseQueryApi, extraOptions: object): Promise<boolean> {
    const { refreshToken } = authOf(api.getState);
    if (!refreshToken) {
      api.dispatch(resetAll());
      return false;
    }
    const answer = await rawBaseQuery(
      { url: '/refresh-token', method: 'POST', body: { refresh_token: refreshToken } },
      api,
      extraOptions,
    );
    // zod loads only when a refresh happens, keeping it out of the first paint of /new (DESIGN §10).
    const { tokenPairSchema } = await import('@balie/shared/auth/schemas');
    const pair = tokenPairSchema.safeParse(answer.data);
    if (answer.error || !pair.success) {
      api.dispatch(resetAll());
      return false;
    }
    api.dispatch(credentialsReceived(pair.data));
    return true;
  }

  return async (args, api, extraOptions) => {
    const sentWith = authOf(api.getState).token;
    const result = await rawBaseQuery(args, api, extraOptions);
    if (isMfaSetupRequired(result.error) && !authOf(api.getState).mfaSetupRequired)
      api.dispatch(mfaSetupRequired());
    if (result.error?.status !== 401 || sentWith === null) return result;

    const current = authOf(api.getState).token;
    if (current === null) return result; // a refresh already failed: we are logged out
    if (current === sentWith) {
      // Join the refresh in flight, or start it; only the starter clears the slot when it settles.
      if (!refreshing) {
        refreshing = refresh(api, extraOptions).finally(() => {
          refreshing = null;
        });
      }
      if (!(await refreshing)) return result;
    }
    // Either our refresh succeeded or another request's refresh already replaced the token: retry once.
    return rawBaseQuery(args, api, extraOptions);
  };
}

/** The server's answer to an admin who must turn on two-step sign-in first (read without zod: see above). */
function isMfaSetupRequired(error: FetchBaseQueryError | undefined): boolean {
  const data = error?.data as { code?: unknown } | undefined;
  return error?.status === 403 && data?.code === 'mfa_setup_required';
}

export const baseQueryWithReauth = createReauthBaseQuery('/api');
