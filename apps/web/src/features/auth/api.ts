import type {
  AcceptInvitationRequest,
  ForgotPasswordRequest,
  LoginAnswer,
  LoginMfaRequest,
  LoginRequest,
  LoginResponse,
  RegisterRequest,
  ResetPasswordRequest,
} from '@balie/shared';
import { api } from '../../lib/api';
import { startSession } from '../../session/startSession';

export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Signed in, or — with two-step sign-in on — the code step's `mfaToken`. */
    login: build.mutation<LoginAnswer, LoginRequest>({
      query: (body) => ({ url: '/login', method: 'POST', body }),
      onQueryStarted: startSession,
    }),
    /** The code step: a code of the authenticator app or a recovery code. */
    loginMfa: build.mutation<LoginResponse, LoginMfaRequest>({
      query: (body) => ({ url: '/login/mfa', method: 'POST', body }),
      onQueryStarted: startSession,
    }),
    /** A new account is signed in at once (decision 0015). */
    register: build.mutation<LoginResponse, RegisterRequest>({
      query: (body) => ({ url: '/register', method: 'POST', body }),
      onQueryStarted: startSession,
    }),
    /** An invited colleague sets a password and is signed in at once (decision 0311). */
    acceptInvitation: build.mutation<LoginResponse, AcceptInvitationRequest & { token: string }>({
      query: ({ token, ...body }) => ({
        url: `/invitation/${encodeURIComponent(token)}`,
        method: 'POST',
        body,
      }),
      onQueryStarted: startSession,
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
  useLoginMfaMutation,
  useRegisterMutation,
  useAcceptInvitationMutation,
  useForgotPasswordMutation,
  useResetPasswordMutation,
} = authApi;
