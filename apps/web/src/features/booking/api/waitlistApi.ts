import type { JoinWaitlistRequest, WaitlistOffer, WaitlistPlace } from '@balie/shared';
import { api } from '../../../lib/api';

/** The waitlist's public calls (DESIGN §5 Waitlist): join, and the mailed links. */
export const waitlistApi = api.injectEndpoints({
  endpoints: (build) => ({
    joinWaitlist: build.mutation<null, JoinWaitlistRequest>({
      query: (body) => ({ url: '/waitlist', method: 'POST', body }),
    }),
    // GETs on the server that change the place: mutations, run once by the page that opens the link.
    confirmWaitlistPlace: build.mutation<WaitlistPlace, string>({
      query: (token) => `/waitlist/confirm/${encodeURIComponent(token)}`,
    }),
    leaveWaitlist: build.mutation<null, string>({
      query: (token) => ({ url: `/waitlist/${encodeURIComponent(token)}`, method: 'DELETE' }),
    }),
    getWaitlistOffer: build.query<WaitlistOffer, string>({
      query: (token) => `/waitlist/offer/${encodeURIComponent(token)}`,
    }),
    declineWaitlistOffer: build.mutation<null, string>({
      query: (token) => ({ url: `/waitlist/offer/${encodeURIComponent(token)}/decline`, method: 'POST' }),
      invalidatesTags: ['Timeslot', 'AvailableDays'],
    }),
  }),
});

export const {
  useJoinWaitlistMutation,
  useConfirmWaitlistPlaceMutation,
  useLeaveWaitlistMutation,
  useGetWaitlistOfferQuery,
  useDeclineWaitlistOfferMutation,
} = waitlistApi;
