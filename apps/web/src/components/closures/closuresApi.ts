import type { CreateClosureRequest, GlobalClosure } from '@balie/shared';
import { api } from '../../lib/api';

/**
 * Closures of every desk and of every desk of one location (GET/POST /closures, DELETE /closure/{id}):
 * the desk list shows them all, a location's page those of its location. A closure changes what can be
 * booked, so writes drop the cached slots and days too.
 */
export const closuresApi = api.injectEndpoints({
  endpoints: (build) => ({
    getClosures: build.query<GlobalClosure[], void>({
      query: () => '/closures',
      providesTags: ['Closure'],
    }),
    // One closure for one day; the list for a range or a list of days (decision 0433).
    createClosure: build.mutation<GlobalClosure | GlobalClosure[], CreateClosureRequest>({
      query: (body) => ({ url: '/closures', method: 'POST', body }),
      invalidatesTags: (_c, error) =>
        error ? [] : ['Closure', 'Desk', 'Appointments', 'Timeslot', 'AvailableDays'],
    }),
    deleteClosure: build.mutation<void, number>({
      query: (id) => ({ url: `/closure/${id}`, method: 'DELETE' }),
      invalidatesTags: ['Closure', 'Timeslot', 'AvailableDays'],
    }),
  }),
});

export const { useGetClosuresQuery, useCreateClosureMutation, useDeleteClosureMutation } = closuresApi;
