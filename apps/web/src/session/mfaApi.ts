import type { MfaConfirmResponse, MfaSetupResponse } from '@balie/shared';
import { api } from '../lib/api';
import { mfaSetupDone } from './authSlice';

/**
 * Two-step sign-in of one's own account (DESIGN §5): the profile's setup and turning it off, and the
 * setup an admin is held to (decision 0362). An admin's reset of someone else's is the users screen's.
 */
export const mfaApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** A new secret for the authenticator app; asked again, a new one replaces it. */
    startMfaSetup: build.mutation<MfaSetupResponse, { id: number }>({
      query: ({ id }) => ({ url: `/user/${id}/mfa/setup`, method: 'POST' }),
    }),
    /** On with a right code: the ten recovery codes, shown once. */
    confirmMfa: build.mutation<MfaConfirmResponse, { id: number; code: string }>({
      query: ({ id, code }) => ({ url: `/user/${id}/mfa/confirm`, method: 'POST', body: { code } }),
      invalidatesTags: ['CurrentUser', 'User'],
      async onQueryStarted(_args, { dispatch, queryFulfilled }) {
        try {
          await queryFulfilled;
          dispatch(mfaSetupDone());
        } catch {
          /* the page shows the error */
        }
      },
    }),
    /** Off with a current code (or a recovery code). */
    turnOffMfa: build.mutation<void, { id: number; code: string }>({
      query: ({ id, code }) => ({ url: `/user/${id}/mfa`, method: 'DELETE', body: { code } }),
      invalidatesTags: ['CurrentUser', 'User'],
    }),
  }),
});

export const { useStartMfaSetupMutation, useConfirmMfaMutation, useTurnOffMfaMutation } = mfaApi;
