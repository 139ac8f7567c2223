import type { AdminLocation, Location } from '@balie/shared';
import { api } from '../../lib/api';

const locationList = { type: 'Location', id: 'LIST' } as const;

/**
 * The locations (DESIGN §4b). Shared: the location and desk administration, the product page, the staff's
 * location filter and the booking pages all read them.
 */
export const locationListApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The active locations in location order, the notice in the interface language (public). */
    getLocations: build.query<Location[], void>({
      query: () => '/locations',
      providesTags: [locationList],
    }),
    /** Every location, inactive ones too, with the Dutch notice, its translations and the order (admin). */
    getAllLocations: build.query<AdminLocation[], void>({
      query: () => ({ url: '/locations', params: { all: true } }),
      providesTags: (locations) => [
        locationList,
        ...(locations ?? []).map((l) => ({ type: 'Location' as const, id: l.id })),
      ],
    }),
  }),
});

export const { useGetLocationsQuery, useGetAllLocationsQuery } = locationListApi;
