import type {
  AcceptInvitationRequest,
  ForgotPasswordRequest,
  LoginRequest,
  LoginResponse,
  RegisterRequest,
  ResetPasswordRequest,
} from '@balie/shared';
import { api } from '../../lib/api';
import type { AppDispatch } from '../../lib/store/hooks';
import { credentialsReceived } from '../../session/authSlice';
import { sessionApi } from '../../session/sessionApi';

/**
 * Login, register and an accepted invitation answer with a session: the token pair is stored and the
 * answer's user becomes the cached current user (spec §7), so no second request is needed.
 */
async function startSession({
  dispatch,
  queryFulfilled,
}: {
  dispatch: AppDispatch;
  queryFulfilled: Promise<{ data: LoginResponse }>;
}): Promise<void> {
  try {
    const { data } = await queryFulfilled;
    dispatch(credentialsReceived({ token: data.token, refresh_token: data.refresh_token }));
    await dispatch(sessionApi.util.upsertQueryData('getCurrentUser', undefined, data.user));
  } catch {
    /* the page shows the error */
  }
}

export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    login: build.mutation<LoginResponse, LoginRequest>({
      query: (body) => ({ url: '/login', method: 'POST', body }),
      onQueryStarted: (_args, lifecycle) => startSession(lifecycle),
    }),
    /** A new account is signed in at once (decision 0015). */
    register: build.mutation<LoginResponse, RegisterRequest>({
      query: (body) => ({ url: '/register', method: 'POST', body }),
      onQueryStarted: (_args, lifecycle) => startSession(lifecycle),
    }),
    /** An invited colleague sets a password and is signed in at once (decision 0311). */
    acceptInvitation: build.mutation<LoginResponse, AcceptInvitationRequest & { token: string }>({
      query: ({ token, ...body }) => ({
        url: `/invitation/${encodeURIComponent(token)}`,
        method: 'POST',
        body,
      }),
      onQueryStarted: (_args, lifecycle) => startSession(lifecycle),
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

export const {
  useLoginMutation,
  useRegisterMutation,
  useAcceptInvitationMutation,
  useForgotPasswordMutation,
  useResetPasswordMutation,
} = authApi;
