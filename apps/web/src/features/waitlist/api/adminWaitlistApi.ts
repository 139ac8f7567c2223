import type { AdminWaitlist } from '@balie/shared';
import { api } from '../../../lib/api';

/** The admins' view of the waitlist (DESIGN §5 Waitlist): who waits, and removing a place. */
export const adminWaitlistApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAdminWaitlist: build.query<AdminWaitlist, { productId?: number; locationId?: number }>({
      query: (params) => ({ url: '/waitlist', params }),
      providesTags: ['Appointments'],
    }),
    removeWaitlistPlace: build.mutation<null, number>({
      query: (id) => ({ url: `/waitlist/place/${id}`, method: 'DELETE' }),
      invalidatesTags: ['Appointments'],
    }),
  }),
});

export const { useGetAdminWaitlistQuery, useRemoveWaitlistPlaceMutation } = adminWaitlistApi;
