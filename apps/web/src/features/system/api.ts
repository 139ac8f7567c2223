import type { Backup, BackupList } from '@balie/shared';
import { api } from '../../lib/api';

/** Backups of the embedded database (DESIGN §4c, §5 *Operations*, admin). */
export const systemApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /backups: the backup folder, newest first (empty on PostgreSQL). */
    getBackups: build.query<BackupList, void>({
      query: () => '/backups',
      providesTags: ['Backups'],
    }),
    /** POST /backups: one now, read back before it is listed. */
    makeBackup: build.mutation<Backup, void>({
      query: () => ({ url: '/backups', method: 'POST' }),
      invalidatesTags: (_r, error) => (error ? [] : ['Backups']),
    }),
  }),
});

export const { useGetBackupsQuery, useMakeBackupMutation } = systemApi;
