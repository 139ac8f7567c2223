import {
  ACCESS_REVIEW_CSV_FILENAME,
  type AccessFilter,
  type AccountRole,
  type Invitation,
  type InviteRequest,
  type User,
  type UsersPage,
} from '@balie/shared';
import { api } from '../../../lib/api';
import { saveFile } from '../../../lib/saveFile';

/** The access review's choice of accounts (decision 0363): a search and one of its filters. */
interface AccessReviewArgs {
  search?: string;
  filter?: AccessFilter;
}

interface UsersPageArgs extends AccessReviewArgs {
  page: number;
  pageSize: number;
}

const reviewParams = ({ search, filter }: AccessReviewArgs) => ({
  ...(search ? { search } : {}),
  ...(filter ? { filter } : {}),
});

/** Deleting an account; `confirmSelf` is the second yes an admin gives about their own account. */
interface UserChangeArgs {
  id: number;
  confirmSelf?: boolean;
}

/** A role change: promote or demote with `?role=` (DESIGN §5, decision 0312). */
interface RoleChangeArgs extends UserChangeArgs {
  role: AccountRole;
  /** Whether the new role ranks above the current one: promote-to-manager, else demote-manager. */
  raise: boolean;
}

const selfParam = (confirmSelf?: boolean) => (confirmSelf ? { confirmSelf: 'true' } : {});

/** User administration (admin): the paginated list, roles, delete (decision 0200), invitations (0311). */
export const usersApi = api.injectEndpoints({
  endpoints: (build) => ({
    listUsersPage: build.query<UsersPage, UsersPageArgs>({
      query: ({ page, pageSize, ...review }) => ({
        url: '/users_paginated',
        params: { page, pageSize, ...reviewParams(review) },
      }),
      providesTags: ['User'],
    }),
    // The access review as a CSV, saved at once (the file never enters the store), like today's export.
    downloadAccessReview: build.mutation<null, AccessReviewArgs & { language: string }>({
      async queryFn({ language, ...review }, _api, _extra, baseQuery) {
        const answer = await baseQuery({
          url: '/users/access-review.csv',
          params: { ...reviewParams(review), language },
          responseHandler: (response) => (response.ok ? response.blob() : response.text()),
        });
        if (answer.error) return { error: answer.error };
        saveFile(ACCESS_REVIEW_CSV_FILENAME, answer.data as Blob);
        return { data: null };
      },
    }),
    /** An admin's reset of someone's two-step sign-in (lost phone): audited, the person is mailed. */
    resetMfa: build.mutation<void, number>({
      query: (id) => ({ url: `/user/${id}/mfa`, method: 'DELETE' }),
      invalidatesTags: ['User'],
    }),
    setUserRole: build.mutation<User, RoleChangeArgs>({
      query: ({ id, role, raise, confirmSelf }) => ({
        url: `/user/${id}/${raise ? 'promote-to-manager' : 'demote-manager'}`,
        params: { role, ...selfParam(confirmSelf) },
      }),
      invalidatesTags: ['User', 'CurrentUser'],
    }),
    deleteUser: build.mutation<void, UserChangeArgs>({
      query: ({ id, confirmSelf }) => ({
        url: `/user/${id}`,
        method: 'DELETE',
        params: selfParam(confirmSelf),
      }),
      invalidatesTags: ['User'],
    }),
    listInvitations: build.query<Invitation[], void>({
      query: () => '/users/invitations',
      providesTags: ['Invitation'],
    }),
    invite: build.mutation<Invitation, InviteRequest>({
      query: (body) => ({ url: '/users/invite', method: 'POST', body }),
      invalidatesTags: ['Invitation'],
    }),
    resendInvitation: build.mutation<Invitation, number>({
      query: (id) => ({ url: `/users/invitation/${id}/resend`, method: 'POST' }),
      invalidatesTags: ['Invitation'],
    }),
    withdrawInvitation: build.mutation<void, number>({
      query: (id) => ({ url: `/users/invitation/${id}`, method: 'DELETE' }),
      invalidatesTags: ['Invitation'],
    }),
  }),
});

export const {
  useListUsersPageQuery,
  useDownloadAccessReviewMutation,
  useResetMfaMutation,
  useSetUserRoleMutation,
  useDeleteUserMutation,
  useListInvitationsQuery,
  useInviteMutation,
  useResendInvitationMutation,
  useWithdrawInvitationMutation,
} = usersApi;
