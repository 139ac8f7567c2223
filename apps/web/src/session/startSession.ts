import type { LoginResponse } from '@balie/shared';
import type { AppDispatch } from '../lib/store/hooks';
import { credentialsReceived } from './authSlice';
import { sessionApi } from './sessionApi';

/**
 * For every call that answers with a session (login, register, first-run setup): the token pair is
 * stored and the answer's user becomes the cached current user (spec §7), so no second request is needed.
 * Use as the endpoint's `onQueryStarted`.
 */
export async function startSession(
  _args: unknown,
  {
    dispatch,
    queryFulfilled,
  }: {
    dispatch: AppDispatch;
    queryFulfilled: Promise<{ data: LoginResponse }>;
  },
): Promise<void> {
  try {
    const { data } = await queryFulfilled;
    dispatch(credentialsReceived({ token: data.token, refresh_token: data.refresh_token }));
    await dispatch(sessionApi.util.upsertQueryData('getCurrentUser', undefined, data.user));
  } catch {
    /* the page shows the error */
  }
}
