import type { CreateDeskRequest, DeleteDeskQuery, Desk, PatchDeskRequest } from '@balie/shared';
import { api } from '../../lib/api';

// Every desk call of the admin screens (DESIGN §5), in one place. A change to the schedule also changes
// what can be booked, so writes drop the cached time slots and available days too.
const scheduleTags = ['Timeslot', 'AvailableDays'] as const;

export const desksApi = api.injectEndpoints({
  endpoints: (build) => ({
    getDesk: build.query<Desk, number>({
      query: (id) => `/desk/${id}`,
      providesTags: (_desk, _error, id) => [{ type: 'Desk', id }],
    }),
    createDesk: build.mutation<Desk, CreateDeskRequest>({
      query: (body) => ({ url: '/desks', method: 'POST', body }),
      invalidatesTags: [{ type: 'Desk', id: 'LIST' }, ...scheduleTags],
    }),
    patchDesk: build.mutation<Desk, { id: number; body: PatchDeskRequest }>({
      query: ({ id, body }) => ({ url: `/desk/${id}`, method: 'PATCH', body }),
      invalidatesTags: (_desk, error, { id }) =>
        error ? [] : [{ type: 'Desk', id }, { type: 'Desk', id: 'LIST' }, 'Appointments', ...scheduleTags],
    }),
    deleteDesk: build.mutation<void, { id: number } & DeleteDeskQuery>({
      query: ({ id, affectedAppointments }) => ({
        url: `/desk/${id}`,
        method: 'DELETE',
        params: affectedAppointments ? { affectedAppointments } : undefined,
      }),
      invalidatesTags: (_r, error) =>
        error ? [] : [{ type: 'Desk', id: 'LIST' }, 'Appointments', ...scheduleTags],
    }),
  }),
});

// The list itself is shared (components/desks): the appointments list filters by desk too. So are the
// closures of every desk (components/closures): a location's page has those of its location.
export { useGetDesksQuery } from '../../components/desks/deskListApi';
export {
  useCreateClosureMutation,
  useDeleteClosureMutation,
  useGetClosuresQuery,
} from '../../components/closures/closuresApi';
export const { useGetDeskQuery, useCreateDeskMutation, usePatchDeskMutation, useDeleteDeskMutation } =
  desksApi;
