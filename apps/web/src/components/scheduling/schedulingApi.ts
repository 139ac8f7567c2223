import type {
  Appointment,
  AvailableDaysRequest,
  MakeReservationRequest,
  Reservation,
  Timeslot,
  TimeslotsRequest,
} from '@balie/shared';
import { api } from '../../lib/api';

export interface MoveAppointmentArgs {
  id: number;
  reservationId: string;
  /** Guests prove themselves with the mailed token; signed-in owners and admins leave it out. */
  token?: string;
}

/**
 * Calls shared by every screen that picks a slot: the guest flow (/new), the edit-by-token page and the
 * signed-in change screen (DESIGN §5).
 */
export const schedulingApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAvailableDays: build.query<string[], AvailableDaysRequest>({
      query: (body) => ({ url: '/available-days', method: 'POST', body }),
      providesTags: ['AvailableDays'],
    }),
    getTimeslots: build.query<Timeslot[], TimeslotsRequest>({
      query: (body) => ({ url: '/timeslots', method: 'POST', body }),
      providesTags: ['Timeslot'],
    }),
    makeReservation: build.mutation<Reservation, MakeReservationRequest>({
      query: (body) => ({ url: '/appointment/make-reservation', method: 'POST', body }),
      // Only a refusal means our list is stale. A granted hold must not refetch: the server would drop the
      // held slot from the list and the visitor's chosen button would vanish.
      invalidatesTags: (_result, error) => (error ? ['Timeslot', 'AvailableDays'] : []),
    }),
    moveAppointment: build.mutation<Appointment, MoveAppointmentArgs>({
      query: ({ id, ...body }) => ({
        url: `/appointment/${id}`,
        method: 'PATCH',
        body: { ...body, newStatus: 'confirmed' },
      }),
      invalidatesTags: (_result, _error, { id }) => [
        { type: 'Appointment', id },
        'Appointments',
        'Timeslot',
        'AvailableDays',
      ],
    }),
  }),
});

export const {
  useGetAvailableDaysQuery,
  useGetTimeslotsQuery,
  useMakeReservationMutation,
  useMoveAppointmentMutation,
} = schedulingApi;
