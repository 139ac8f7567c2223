import type { IdentityProvider, PutIdentityProviderRequest } from '@balie/shared';
import { api } from '../../lib/api';

/** The organisation's identity provider (admin; DESIGN §5 *Identity provider*). */
export const identityProviderApi = api.injectEndpoints({
  endpoints: (build) => ({
    getIdentityProvider: build.query<IdentityProvider, void>({
      query: () => '/identity-provider',
      providesTags: ['Organisation'],
    }),
    /** Saving also changes the login page's button (GET /organisation's `staffSignIn`). */
    putIdentityProvider: build.mutation<IdentityProvider, PutIdentityProviderRequest>({
      query: (body) => ({ url: '/identity-provider', method: 'PUT', body }),
      invalidatesTags: (_r, error) => (error ? [] : ['Organisation']),
    }),
  }),
});

export const { useGetIdentityProviderQuery, usePutIdentityProviderMutation } = identityProviderApi;
