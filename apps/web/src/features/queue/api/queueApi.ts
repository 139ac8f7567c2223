import type { QueueCallRequest, QueueEntry, WalkInMinutes, WalkInRequest } from '@balie/shared';
import { api } from '../../../lib/api';

/** The three things a desk does after a call, each its own route. */
const ACTION_URLS = {
  served: (id: number) => `/queue/${id}/served`,
  return: (id: number) => `/queue/${id}/return`,
  'no-show': (id: number) => `/queue/${id}/no-show`,
} as const;

/** What a queue action answers and whose cache it changes: the queue, the minutes, the day's list. */
const changed = ['Queue', 'Appointments'] as const;

/** The desk's queue calls (DESIGN §5 *Queue*): staff and admins. */
export const queueApi = api.injectEndpoints({
  endpoints: (build) => ({
    // A check-in on the today screen (which invalidates 'Appointments') puts a visitor in the queue: the
    // queue refetches with it.
    getQueue: build.query<QueueEntry[], number>({
      query: (locationId) => ({ url: '/queue', params: { locationId } }),
      providesTags: ['Queue', 'Appointments'],
    }),
    getWalkInMinutes: build.query<WalkInMinutes, number>({
      query: (locationId) => ({ url: '/walk-ins/minutes', params: { locationId } }),
      providesTags: ['Queue'],
    }),
    callVisitor: build.mutation<QueueEntry, QueueCallRequest>({
      query: (body) => ({ url: '/queue/call', method: 'POST', body }),
      invalidatesTags: [...changed],
    }),
    actOnEntry: build.mutation<QueueEntry, { entryId: number; action: 'served' | 'return' | 'no-show' }>({
      query: ({ entryId, action }) => ({ url: ACTION_URLS[action](entryId), method: 'POST' }),
      invalidatesTags: [...changed],
    }),
    /** The key of a location's waiting-room display (staff; an admin's renewal refetches it). */
    getDisplayKey: build.query<{ displayKey: string }, number>({
      query: (locationId) => `/location/${locationId}/display-key`,
      providesTags: (_r, _e, locationId) => [{ type: 'Location', id: locationId }],
    }),
    createWalkIn: build.mutation<QueueEntry, WalkInRequest>({
      query: (body) => ({ url: '/walk-ins', method: 'POST', body }),
      invalidatesTags: ['Queue'],
    }),
  }),
});

export const {
  useGetQueueQuery,
  useGetWalkInMinutesQuery,
  useCallVisitorMutation,
  useActOnEntryMutation,
  useCreateWalkInMutation,
  useGetDisplayKeyQuery,
} = queueApi;
