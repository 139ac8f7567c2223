import type { User, UsersPage } from '@balie/shared';
import { api } from '../../../lib/api';

interface UsersPageArgs {
  page: number;
  pageSize: number;
  search?: string;
}

/** A role change or deletion; `confirmSelf` is the second yes an admin gives about their own account. */
interface UserChangeArgs {
  id: number;
  confirmSelf?: boolean;
}

const selfParam = (confirmSelf?: boolean) => (confirmSelf ? { confirmSelf: 'true' } : undefined);

/** User administration (admin): the paginated list, promote/demote, delete (decision 0200). */
export const usersApi = api.injectEndpoints({
  endpoints: (build) => ({
    listUsersPage: build.query<UsersPage, UsersPageArgs>({
      query: ({ page, pageSize, search }) => ({
        url: '/users_paginated',
        params: { page, pageSize, ...(search ? { search } : {}) },
      }),
      providesTags: ['User'],
    }),
    promoteUser: build.mutation<User, UserChangeArgs>({
      query: ({ id }) => `/user/${id}/promote-to-manager`,
      invalidatesTags: ['User', 'CurrentUser'],
    }),
    demoteUser: build.mutation<User, UserChangeArgs>({
      query: ({ id, confirmSelf }) => ({ url: `/user/${id}/demote-manager`, params: selfParam(confirmSelf) }),
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
  }),
});

export const { useListUsersPageQuery, usePromoteUserMutation, useDemoteUserMutation, useDeleteUserMutation } =
  usersApi;
