import type { Organisation, PatchOrganisationRequest } from '@balie/shared';
import { api } from '../../lib/api';

/** PATCH /organisation (admin); reading it is shared (components/organisation/organisationApi.ts). */
export const organisationAdminApi = api.injectEndpoints({
  endpoints: (build) => ({
    patchOrganisation: build.mutation<Organisation, PatchOrganisationRequest>({
      query: (body) => ({ url: '/organisation', method: 'PATCH', body }),
      invalidatesTags: (_o, error) => (error ? [] : ['Organisation']),
    }),
  }),
});

export const { usePatchOrganisationMutation } = organisationAdminApi;
