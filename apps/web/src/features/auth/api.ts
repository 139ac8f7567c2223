import type {
  AcceptInvitationRequest,
  ForgotPasswordRequest,
  LoginAnswer,
  LoginMfaRequest,
  LoginRequest,
  LoginResponse,
  OidcSessionRequest,
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
    /**
     * The session of a sign-in through the organisation's identity provider (DESIGN §4c): the one-time
     * hand-over the callback put in /login/oidc's fragment; the code step's `mfaToken` when Balie's own
     * two-step sign-in is still asked.
     */
    takeOidcSession: build.mutation<LoginAnswer, OidcSessionRequest>({
      query: (body) => ({ url: '/auth/oidc/session', method: 'POST', body }),
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
  useTakeOidcSessionMutation,
  useRegisterMutation,
  useAcceptInvitationMutation,
  useForgotPasswordMutation,
  useResetPasswordMutation,
} = authApi;
