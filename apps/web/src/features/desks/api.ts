import type { Desk } from '@balie/shared';
import { api } from '../../app/api';

export const desksApi = api.injectEndpoints({
  endpoints: (build) => ({
    getDesks: build.query<Desk[], void>({
      query: () => '/desks',
      providesTags: (desks) => [
        { type: 'Desk' as const, id: 'LIST' },
        ...(desks ?? []).map((d) => ({ type: 'Desk' as const, id: d.id })),
      ],
    }),
    getDesk: build.query<Desk, number>({
      query: (id) => `/desk/${id}`,
      providesTags: (_desk, _error, id) => [{ type: 'Desk', id }],
    }),
  }),
});

export const { useGetDesksQuery, useGetDeskQuery } = desksApi;
