import type { Appointment, CheckInRequest } from '@balie/shared';
import { api } from '../../../lib/api';
import { saveFile } from '../../../lib/saveFile';

/** One location's (DESIGN §5 `locationId`), or every location's when left out. */
export interface LocationArgs {
  locationId?: number;
}

/** The two exports of today's list (DESIGN §4) and the names they are saved under. */
export const EXPORTS = {
  csv: { path: '/appointments/today/csv', fileName: 'afspraken.csv' },
  pdf: { path: '/appointments/today/pdf', fileName: 'afspraken.pdf' },
} as const;
export type ExportKind = keyof typeof EXPORTS;

/** The desk staff's day (admins): today's list, check-in by code, no-show and the exports. */
export const todayApi = api.injectEndpoints({
  endpoints: (build) => ({
    // All of today (of one location, or of all) in one call: the counts cover every desk there, the desk
    // filter and the search are instant in the browser.
    getToday: build.query<Appointment[], LocationArgs>({
      query: ({ locationId }) => ({
        url: '/appointments/today',
        params: locationId ? { locationId } : undefined,
      }),
      providesTags: ['Appointments'],
    }),
    checkInByCode: build.mutation<Appointment, CheckInRequest>({
      query: (body) => ({ url: '/appointments/check-in', method: 'POST', body }),
      invalidatesTags: (r) => (r ? [{ type: 'Appointment', id: r.id }, 'Appointments'] : []),
    }),
    markNoShow: build.mutation<Appointment, number>({
      query: (id) => ({ url: `/appointment/${id}`, method: 'PATCH', body: { newStatus: 'no_show' } }),
      invalidatesTags: (_r, _e, id) => [{ type: 'Appointment', id }, 'Appointments'],
    }),
    // A no-show taken back shortly after (the server allows it for two minutes, decision 0429).
    undoNoShow: build.mutation<Appointment, number>({
      query: (id) => ({ url: `/appointment/${id}`, method: 'PATCH', body: { newStatus: 'confirmed' } }),
      invalidatesTags: (_r, _e, id) => [{ type: 'Appointment', id }, 'Appointments'],
    }),
    // The authenticated download (with the re-login of the base query), saved at once: the file itself
    // never enters the store, which holds only serialisable values.
    downloadExport: build.mutation<null, { kind: ExportKind; language: string } & LocationArgs>({
      async queryFn({ kind, language, locationId }, _api, _extra, baseQuery) {
        const { path, fileName } = EXPORTS[kind];
        const answer = await baseQuery({
          url: path,
          params: { language, ...(locationId ? { locationId } : {}) },
          responseHandler: (response) => (response.ok ? response.blob() : response.text()),
        });
        if (answer.error) return { error: answer.error };
        saveFile(fileName, answer.data as Blob);
        return { data: null };
      },
    }),
  }),
});

export const {
  useGetTodayQuery,
  useCheckInByCodeMutation,
  useMarkNoShowMutation,
  useUndoNoShowMutation,
  useDownloadExportMutation,
} = todayApi;
