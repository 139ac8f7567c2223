import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { backupIsStale, type BackupList } from '@balie/shared';
import { PageFrame } from '../../../components/PageFrame';
import { formatShortDate, formatTime } from '../../../lib/dates';
import { localeOf } from '../../../lib/i18n';
import { useGetBackupsQuery, useMakeBackupMutation } from '../api';
import { formatAge, formatSize } from '../format';

/** The file's name matters for a restore on the server, not on a phone: there it is left out. */
const FILE_COLUMN = { display: { xs: 'none', md: 'table-cell' } } as const;

/** The backups of the embedded database: when the last was made, a button for one now (DESIGN §4c). */
function Backups({ list, now }: { list: BackupList; now: number }) {
  const { t, i18n } = useTranslation('system');
  const [make, making] = useMakeBackupMutation();
  const locale = localeOf(i18n.resolvedLanguage ?? i18n.language);
  const stale = backupIsStale(list.backups, now);
  return (
    <>
      <Typography color="text.secondary">
        {t('backups.intro', { at: list.at, timezone: list.timezone, keep: list.keep })}
      </Typography>
      <Box aria-live="polite">
        {stale && (
          <Alert severity="warning" sx={{ mt: 2 }}>
            {list.backups.length === 0 ? t('backups.none') : t('backups.stale')}
          </Alert>
        )}
        {making.isSuccess && (
          <Alert severity="success" sx={{ mt: 2 }}>
            {t('backups.made', { file: making.data.file })}
          </Alert>
        )}
        {making.isError && (
          <Alert severity="error" role="alert" sx={{ mt: 2 }}>
            {t('backups.failed')}
          </Alert>
        )}
      </Box>
      <Button variant="contained" sx={{ mt: 2 }} disabled={making.isLoading} onClick={() => void make()}>
        {making.isLoading ? t('backups.making') : t('backups.make')}
      </Button>
      {list.backups.length > 0 && (
        <Paper variant="outlined" sx={{ mt: 3, overflowX: 'auto' }}>
          <Table size="small" aria-label={t('backups.table')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('backups.made_at')}</TableCell>
                <TableCell>{t('backups.age')}</TableCell>
                <TableCell align="right">{t('backups.size')}</TableCell>
                <TableCell sx={FILE_COLUMN}>{t('backups.file')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {list.backups.map((b) => (
                <TableRow key={b.file}>
                  <TableCell>
                    {formatShortDate(b.createdAt)} {formatTime(b.createdAt)}
                  </TableCell>
                  <TableCell>{formatAge(b.createdAt, now, locale)}</TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {formatSize(b.size, locale)}
                  </TableCell>
                  <TableCell sx={{ ...FILE_COLUMN, fontFamily: 'monospace', whiteSpace: 'nowrap' }}>
                    {b.file}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Paper>
      )}
      <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
        {t('backups.restore_hint')}
      </Typography>
    </>
  );
}

/** Systeem (admin): the installation's own state; today its backups. */
export default function SystemPage() {
  const { t } = useTranslation('system');
  const backups = useGetBackupsQuery(undefined, { refetchOnFocus: true });
  return (
    <PageFrame title={t('title')} maxWidth={900}>
      <Paper variant="outlined" component="section" aria-labelledby="backups" sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography variant="h6" component="h2" id="backups" sx={{ mb: 1 }}>
          {t('backups.title')}
        </Typography>
        {backups.isLoading && <Typography>{t('common:loading')}</Typography>}
        {backups.isError && (
          <Alert severity="error" role="alert">
            {t('common:general.error')}
          </Alert>
        )}
        {backups.data?.database === 'postgres' && <Alert severity="info">{t('backups.postgres')}</Alert>}
        {backups.data?.database === 'pglite' && (
          // Ages as of when the list was read (it is read again when the window regains focus).
          <Backups list={backups.data} now={backups.fulfilledTimeStamp ?? 0} />
        )}
      </Paper>
    </PageFrame>
  );
}
