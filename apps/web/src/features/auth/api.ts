import type {
  AcceptInvitationRequest,
  ForgotPasswordRequest,
  LoginRequest,
  LoginResponse,
  RegisterRequest,
  ResetPasswordRequest,
} from '@balie/shared';
import { api } from '../../lib/api';
import { startSession } from '../../session/startSession';

export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    login: build.mutation<LoginResponse, LoginRequest>({
      query: (body) => ({ url: '/login', method: 'POST', body }),
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
  useRegisterMutation,
  useAcceptInvitationMutation,
  useForgotPasswordMutation,
  useResetPasswordMutation,
} = authApi;
