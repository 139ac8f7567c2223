import type { AffectedAppointmentsDecision, Desk, Statistics } from '@balie/shared';
import { api } from '../../lib/api';

export interface StatisticsParams {
  from: string;
  until: string;
  locationId?: number;
  deskId?: number;
}

/**
 * GET /statistics (admin) and the walk-in share applied through the normal desk change (PATCH /desk/{id}
 * with its overflow), so bookings it would strand are listed first (the affected-appointments dialog).
 */
export const statisticsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getStatistics: build.query<Statistics, StatisticsParams>({
      query: (p) => ({
        url: '/statistics',
        params: {
          from: p.from,
          until: p.until,
          ...(p.locationId ? { locationId: p.locationId } : {}),
          ...(p.deskId ? { deskId: p.deskId } : {}),
        },
      }),
      providesTags: ['Statistics'],
    }),
    applyWalkInShare: build.mutation<
      Desk,
      {
        id: number;
        overflow: Desk['overflow'];
        affectedAppointments?: AffectedAppointmentsDecision;
      }
    >({
      query: ({ id, overflow, affectedAppointments }) => ({
        url: `/desk/${id}`,
        method: 'PATCH',
        body: { overflow, ...(affectedAppointments ? { affectedAppointments } : {}) },
      }),
      invalidatesTags: (_d, error, { id }) =>
        error
          ? []
          : [
              { type: 'Desk', id },
              { type: 'Desk', id: 'LIST' },
              'Statistics',
              'Appointments',
              'Timeslot',
              'AvailableDays',
            ],
    }),
  }),
});

export const { useGetStatisticsQuery, useApplyWalkInShareMutation } = statisticsApi;
