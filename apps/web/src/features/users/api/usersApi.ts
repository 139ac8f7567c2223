import type { AccountRole, Invitation, InviteRequest, User, UsersPage } from '@balie/shared';
import { api } from '../../../lib/api';

interface UsersPageArgs {
  page: number;
  pageSize: number;
  search?: string;
}

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
      query: ({ page, pageSize, search }) => ({
        url: '/users_paginated',
        params: { page, pageSize, ...(search ? { search } : {}) },
      }),
      providesTags: ['User'],
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
  useSetUserRoleMutation,
  useDeleteUserMutation,
  useListInvitationsQuery,
  useInviteMutation,
  useResendInvitationMutation,
  useWithdrawInvitationMutation,
} = usersApi;
