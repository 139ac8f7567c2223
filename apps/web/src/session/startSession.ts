import type { LoginAnswer } from '@balie/shared';
import type { AppDispatch } from '../lib/store/hooks';
import { credentialsReceived } from './authSlice';
import { sessionApi } from './sessionApi';

/**
 * For every call that answers with a session (login, its code step, register, first-run setup): the
 * token pair is stored and the answer's user becomes the cached current user (spec §7), so no second
 * request is needed. A password step that asks for a code (two-step sign-in) starts nothing yet. Use as
 * the endpoint's `onQueryStarted`.
 */
export async function startSession(
  _args: unknown,
  {
    dispatch,
    queryFulfilled,
  }: {
    dispatch: AppDispatch;
    queryFulfilled: Promise<{ data: LoginAnswer }>;
  },
): Promise<void> {
  try {
    const { data } = await queryFulfilled;
    if (!('token' in data)) return;
    dispatch(credentialsReceived({ token: data.token, refresh_token: data.refresh_token }));
    await dispatch(sessionApi.util.upsertQueryData('getCurrentUser', undefined, data.user));
  } catch {
    /* the page shows the error */
  }
}
