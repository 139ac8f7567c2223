import type { Appointment } from '@balie/shared';
import { api } from '../../../lib/api';

/** An appointment opened from the mailed edit or cancel link (DESIGN §5). */
export const byTokenApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAppointmentByToken: build.query<Appointment, string>({
      query: (token) => `/appointment/by-token/${encodeURIComponent(token)}`,
      providesTags: (result) => (result ? [{ type: 'Appointment', id: result.id }] : []),
    }),
    cancelAppointmentByToken: build.mutation<unknown, string>({
      query: (token) => `/appointment/by-token/${encodeURIComponent(token)}/cancel`,
      // Spec §7: applied optimistically, rolled back on failure.
      async onQueryStarted(token, { dispatch, queryFulfilled }) {
        const patch = dispatch(
          byTokenApi.util.updateQueryData('getAppointmentByToken', token, (draft) => {
            draft.status = 'cancelled';
            draft.canChange = false;
          }),
        );
        try {
          await queryFulfilled;
        } catch {
          patch.undo();
        }
      },
      invalidatesTags: ['Timeslot', 'AvailableDays', 'Appointments'],
    }),
    // "Ik kom" from a reminder (DESIGN §5 Reminders): idempotent, so the page may call it on opening.
    confirmComingByToken: build.mutation<Appointment, string>({
      query: (token) => `/appointment/by-token/${encodeURIComponent(token)}/confirm`,
      async onQueryStarted(token, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) dispatch(byTokenApi.util.upsertQueryData('getAppointmentByToken', token, data));
      },
      invalidatesTags: ['Appointments'],
    }),
    // The visitor's own check-in on the day (DESIGN §4b *Calling visitors*; decision 0385).
    checkInByToken: build.mutation<Appointment, string>({
      query: (token) => ({
        url: `/appointment/by-token/${encodeURIComponent(token)}/check-in`,
        method: 'POST',
      }),
      async onQueryStarted(token, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) dispatch(byTokenApi.util.upsertQueryData('getAppointmentByToken', token, data));
      },
    }),
  }),
});

export const {
  useGetAppointmentByTokenQuery,
  useCancelAppointmentByTokenMutation,
  useCheckInByTokenMutation,
  useConfirmComingByTokenMutation,
} = byTokenApi;
