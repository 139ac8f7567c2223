import { CURRENT_USER_CACHE_SECONDS, type Language, type UpdateUserRequest, type User } from '@balie/shared';
import { api } from '../lib/api';

/**
 * Calls about the signed-in person that the app shell and several features need: the current user,
 * changing them (profile form, language switch), logout and the language list.
 */
export const sessionApi = api.injectEndpoints({
  endpoints: (build) => ({
    getCurrentUser: build.query<User, void>({
      query: () => '/user/current',
      keepUnusedDataFor: CURRENT_USER_CACHE_SECONDS,
      providesTags: ['CurrentUser'],
    }),
    /** PATCH /user/{id}: the cached current user changes at once and is rolled back if the server refuses. */
    updateCurrentUser: build.mutation<User, UpdateUserRequest & { id: number }>({
      query: ({ id, ...body }) => ({ url: `/user/${id}`, method: 'PATCH', body }),
      async onQueryStarted(
        { id: _id, languageId: _languageId, uiSettings, ...fields },
        { dispatch, queryFulfilled },
      ) {
        const patch = dispatch(
          sessionApi.util.updateQueryData('getCurrentUser', undefined, (draft) => {
            Object.assign(draft, fields);
            if (uiSettings) draft.uiSettings = uiSettings;
          }),
        );
        try {
          const { data } = await queryFulfilled;
          dispatch(sessionApi.util.upsertQueryData('getCurrentUser', undefined, data));
        } catch {
          patch.undo();
        }
      },
    }),
    logout: build.mutation<void, { refresh_token: string }>({
      query: (body) => ({ url: '/logout', method: 'POST', body }),
    }),
    getLanguages: build.query<Language[], void>({
      query: () => '/languages',
      keepUnusedDataFor: CURRENT_USER_CACHE_SECONDS,
    }),
  }),
});

export const {
  useGetCurrentUserQuery,
  useUpdateCurrentUserMutation,
  useLogoutMutation,
  useGetLanguagesQuery,
} = sessionApi;
