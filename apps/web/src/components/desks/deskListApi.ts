import type { Desk } from '@balie/shared';
import { api } from '../../lib/api';

/**
 * Every desk (GET /desks, which staff may read: decision 0310). Shared: the desk administration lists them
 * and the appointments list filters by them (a page of appointments does not show every desk).
 */
export const deskListApi = api.injectEndpoints({
  endpoints: (build) => ({
    getDesks: build.query<Desk[], void>({
      query: () => '/desks',
      providesTags: (desks) => [
        { type: 'Desk' as const, id: 'LIST' },
        ...(desks ?? []).map((d) => ({ type: 'Desk' as const, id: d.id })),
      ],
    }),
  }),
});

export const { useGetDesksQuery } = deskListApi;
