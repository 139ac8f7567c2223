import { api } from '../../app/api';

/**
 * The fields of the desk document (DESIGN §5) these read-only pages show. The full desk schema belongs
 * in @balie/shared with the desk management issue; until then only what is displayed is typed here.
 */
export interface DeskView {
  id: number;
  name: string;
  label: string | null;
  active: boolean;
  openingHours?: { weekday: number; opens: string; closes: string }[];
  closures?: { id: number; date: string; type: 'whole_day' | 'partial'; from?: string; until?: string }[];
}

export const desksApi = api.injectEndpoints({
  endpoints: (build) => ({
    getDesks: build.query<DeskView[], void>({
      query: () => '/desks',
      providesTags: (desks) => [
        { type: 'Desk' as const, id: 'LIST' },
        ...(desks ?? []).map((d) => ({ type: 'Desk' as const, id: d.id })),
      ],
    }),
    getDesk: build.query<DeskView, number>({
      query: (id) => `/desk/${id}`,
      providesTags: (_desk, _error, id) => [{ type: 'Desk', id }],
    }),
  }),
});

export const { useGetDesksQuery, useGetDeskQuery } = desksApi;
