import type { AvailableLocations, AvailableLocationsRequest } from '@balie/shared';
import { api } from '../../../lib/api';

/**
 * Where the chosen products can be booked (POST /available-locations, DESIGN §4b): every active location
 * where one desk serves all of them, with its earliest free day. It decides whether the location step is
 * shown and tells the products step when the products cannot be combined at all. Like the available
 * days, a schedule change or a refused hold makes it stale.
 */
export const bookingLocationsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAvailableLocations: build.query<AvailableLocations, AvailableLocationsRequest>({
      query: (body) => ({ url: '/available-locations', method: 'POST', body }),
      providesTags: ['AvailableDays'],
    }),
  }),
});

export const { useGetAvailableLocationsQuery } = bookingLocationsApi;
