import type {
  CreateIntegrationClientRequest,
  IntegrationClient,
  IntegrationClientWithSecret,
} from '@balie/shared';
import { api } from '../../lib/api';

/** Integration clients (admin, DESIGN §5): systems that book through Balie with a client secret. */
export const integrationsApi = api.injectEndpoints({
  endpoints: (build) => ({
    listIntegrationClients: build.query<IntegrationClient[], void>({
      query: () => '/integration-clients',
      providesTags: ['IntegrationClient'],
    }),
    createIntegrationClient: build.mutation<IntegrationClientWithSecret, CreateIntegrationClientRequest>({
      query: (body) => ({ url: '/integration-clients', method: 'POST', body }),
      invalidatesTags: ['IntegrationClient'],
    }),
    renewIntegrationClientSecret: build.mutation<IntegrationClientWithSecret, number>({
      query: (id) => ({ url: `/integration-client/${id}/secret`, method: 'POST' }),
      invalidatesTags: ['IntegrationClient'],
    }),
    revokeIntegrationClient: build.mutation<void, number>({
      query: (id) => ({ url: `/integration-client/${id}`, method: 'DELETE' }),
      invalidatesTags: ['IntegrationClient'],
    }),
  }),
});

export const {
  useListIntegrationClientsQuery,
  useCreateIntegrationClientMutation,
  useRenewIntegrationClientSecretMutation,
  useRevokeIntegrationClientMutation,
} = integrationsApi;
