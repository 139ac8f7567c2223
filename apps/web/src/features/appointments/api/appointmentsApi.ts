import type { Appointment, AppointmentHistoryEntry } from '@balie/shared';
import { api } from '../../../lib/api';

export interface AppointmentsRangeArgs {
  from?: string;
  until?: string;
  showCanceled?: boolean;
  /** Staff: one location's appointments (DESIGN §5); every location's without. */
  locationId?: number;
}

/** The filter of GET /appointments_paginated (DESIGN §5), sent as JSON in the query string. */
export interface AppointmentsFilter {
  status?: string;
  from?: string;
  until?: string;
  search?: string;
  deskId?: number;
  /** Staff: one location's (DESIGN §5), beside the desk in the same JSON filter. */
  locationId?: number;
  hideExpired?: boolean;
}

export interface AppointmentsPageArgs {
  page: number;
  pageSize: number;
  filter: AppointmentsFilter;
}

export interface AppointmentsPage {
  items: Appointment[];
  total: number;
  page: number;
  pageSize: number;
}

/** A signed-in user's own appointments (admins: all) and what they may do with them. */
export const appointmentsApi = api.injectEndpoints({
  endpoints: (build) => ({
    listAppointments: build.query<Appointment[], AppointmentsRangeArgs>({
      query: ({ showCanceled = true, from, until, locationId }) => ({
        url: '/appointments',
        params: {
          showCanceled,
          ...(from ? { from } : {}),
          ...(until ? { until } : {}),
          ...(locationId ? { locationId } : {}),
        },
      }),
      providesTags: ['Appointments'],
    }),
    listAppointmentsPaginated: build.query<AppointmentsPage, AppointmentsPageArgs>({
      query: ({ page, pageSize, filter }) => ({
        url: '/appointments_paginated',
        params: { page, pageSize, filter: JSON.stringify(filter) },
      }),
      providesTags: ['Appointments'],
    }),
    getAppointment: build.query<Appointment, number>({
      query: (id) => `/appointment/${id}`,
      providesTags: (_r, _e, id) => [{ type: 'Appointment', id }],
    }),
    getAppointmentHistory: build.query<AppointmentHistoryEntry[], number>({
      query: (id) => `/appointment/${id}/history`,
      // Any change to the appointment adds a line: refetched whenever the appointment or a list is.
      providesTags: (_r, _e, id) => [{ type: 'Appointment', id }, 'Appointments'],
    }),
    cancelAppointment: build.mutation<unknown, number>({
      query: (id) => `/appointment/${id}/cancel`,
      invalidatesTags: (_r, _e, id) => [
        { type: 'Appointment', id },
        'Appointments',
        'Timeslot',
        'AvailableDays',
      ],
    }),
    checkInAppointment: build.mutation<unknown, number>({
      query: (id) => `/appointment/${id}/check-in`,
      invalidatesTags: (_r, _e, id) => [{ type: 'Appointment', id }, 'Appointments'],
    }),
  }),
});

export const {
  useListAppointmentsQuery,
  useListAppointmentsPaginatedQuery,
  useGetAppointmentQuery,
  useGetAppointmentHistoryQuery,
  useCancelAppointmentMutation,
  useCheckInAppointmentMutation,
} = appointmentsApi;
