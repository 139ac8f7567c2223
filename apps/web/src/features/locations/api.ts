import type { AdminLocation, CreateLocationRequest, PatchLocationRequest } from '@balie/shared';
import { api } from '../../lib/api';

// The location calls of the admin screens (DESIGN §5 "Added with locations"). A location's change can
// change what can be booked (deactivating it closes its desks to visitors), so a patch drops the cached
// availability and, with reassigned appointments, the lists.
const locationList = { type: 'Location', id: 'LIST' } as const;

export const locationsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getLocation: build.query<AdminLocation, number>({
      query: (id) => `/location/${id}`,
      providesTags: (_l, _e, id) => [{ type: 'Location', id }],
    }),
    createLocation: build.mutation<AdminLocation, CreateLocationRequest>({
      query: (body) => ({ url: '/locations', method: 'POST', body }),
      invalidatesTags: (_l, error) => (error ? [] : [locationList]),
    }),
    patchLocation: build.mutation<AdminLocation, { id: number; body: PatchLocationRequest }>({
      query: ({ id, body }) => ({ url: `/location/${id}`, method: 'PATCH', body }),
      invalidatesTags: (_l, error, { id }) =>
        error ? [] : [{ type: 'Location', id }, locationList, 'Appointments', 'Timeslot', 'AvailableDays'],
    }),
    // The waiting room's screen gets a new key; the old link stops at once (DESIGN §5).
    renewDisplayKey: build.mutation<{ displayKey: string }, number>({
      query: (id) => ({ url: `/location/${id}/display-key`, method: 'POST' }),
      invalidatesTags: (_r, error, id) => (error ? [] : [{ type: 'Location', id }, locationList]),
    }),
    deleteLocation: build.mutation<void, number>({
      query: (id) => ({ url: `/location/${id}`, method: 'DELETE' }),
      invalidatesTags: (_r, error) => (error ? [] : [locationList]),
    }),
  }),
});

// The list is shared (components/locations): the desk, product and appointment screens read it too.
export { useGetAllLocationsQuery } from '../../components/locations/locationListApi';
export const {
  useGetLocationQuery,
  useCreateLocationMutation,
  usePatchLocationMutation,
  useDeleteLocationMutation,
  useRenewDisplayKeyMutation,
} = locationsApi;
