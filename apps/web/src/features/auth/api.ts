import type {
  ForgotPasswordRequest,
  LoginRequest,
  LoginResponse,
  RegisterRequest,
  ResetPasswordRequest,
} from '@balie/shared';
import { api } from '../../app/api';
import { credentialsReceived } from '../../app/session/authSlice';
import { sessionApi } from '../../app/session/sessionApi';

export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Spec §7: the answer's user becomes the cached current user, so no second request is needed. */
    login: build.mutation<LoginResponse, LoginRequest>({
      query: (body) => ({ url: '/login', method: 'POST', body }),
      async onQueryStarted(_args, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(credentialsReceived({ token: data.token, refresh_token: data.refresh_token }));
          await dispatch(sessionApi.util.upsertQueryData('getCurrentUser', undefined, data.user));
        } catch {
          /* the page shows the error */
        }
      },
    }),
    register: build.mutation<unknown, RegisterRequest>({
      query: (body) => ({ url: '/register', method: 'POST', body }),
    }),
    forgotPassword: build.mutation<unknown, ForgotPasswordRequest>({
      query: (body) => ({ url: '/forgotpassword', method: 'POST', body }),
    }),
    resetPassword: build.mutation<unknown, Required<ResetPasswordRequest>>({
      query: (body) => ({
        url: `/user/updatePassword/${encodeURIComponent(body.token)}`,
        method: 'PATCH',
        body,
      }),
    }),
  }),
});

export const { useLoginMutation, useRegisterMutation, useForgotPasswordMutation, useResetPasswordMutation } =
  authApi;
