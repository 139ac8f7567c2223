import type { Organisation } from '@balie/shared';
import { api } from '../../lib/api';

/**
 * The provider's organisation record (GET /organisation, public). Shared: the public top bar, the booking
 * pages and the admin's organisation screen all read it.
 */
export const organisationApi = api.injectEndpoints({
  endpoints: (build) => ({
    getOrganisation: build.query<Organisation, void>({
      query: () => '/organisation',
      providesTags: ['Organisation'],
    }),
  }),
});

export const { useGetOrganisationQuery } = organisationApi;
