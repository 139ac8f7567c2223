import type { Organisation, PatchOrganisationRequest } from '@balie/shared';
import { api } from '../../lib/api';

/** PATCH /organisation (admin); reading it is shared (components/organisation/organisationApi.ts). */
export const organisationAdminApi = api.injectEndpoints({
  endpoints: (build) => ({
    patchOrganisation: build.mutation<Organisation, PatchOrganisationRequest>({
      query: (body) => ({ url: '/organisation', method: 'PATCH', body }),
      invalidatesTags: (_o, error) => (error ? [] : ['Organisation']),
    }),
    /** Multipart field `file` (DESIGN §5 Branding); fetch sets the boundary itself. */
    uploadOrganisationLogo: build.mutation<Organisation, File>({
      query: (file) => {
        const body = new FormData();
        body.append('file', file, file.name);
        return { url: '/organisation/logo', method: 'POST', body };
      },
      invalidatesTags: (_o, error) => (error ? [] : ['Organisation']),
    }),
    deleteOrganisationLogo: build.mutation<Organisation, void>({
      query: () => ({ url: '/organisation/logo', method: 'DELETE' }),
      invalidatesTags: (_o, error) => (error ? [] : ['Organisation']),
    }),
  }),
});

export const {
  usePatchOrganisationMutation,
  useUploadOrganisationLogoMutation,
  useDeleteOrganisationLogoMutation,
} = organisationAdminApi;
