import type { Appointment, CreateAppointmentRequest, ExtendResponse } from '@balie/shared';
import { api } from '../../../lib/api';

/** The guest flow's own calls after the hold: extend it and confirm it. */
export const bookingApi = api.injectEndpoints({
  endpoints: (build) => ({
    // A GET on the server, but it changes the hold: a mutation, never cached or deduplicated.
    extendReservation: build.mutation<ExtendResponse, string>({
      query: (id) => ({ url: `/appointment/reservation/${encodeURIComponent(id)}/extend` }),
    }),
    confirmAppointment: build.mutation<Appointment, CreateAppointmentRequest>({
      query: (body) => ({ url: '/appointment', method: 'POST', body }),
      invalidatesTags: ['Appointments', 'Timeslot', 'AvailableDays'],
    }),
  }),
});

export const { useExtendReservationMutation, useConfirmAppointmentMutation } = bookingApi;
