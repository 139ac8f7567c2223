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
import { PageFrame } from '../../../components/PageFrame';
import { QueryState } from '../../../components/QueryState';
import { formatDate } from '../../../lib/dates';
import { useGetAdminWaitlistQuery, useRemoveWaitlistPlaceMutation } from '../api/adminWaitlistApi';

/**
 * /waitlist (admin, DESIGN §4c): who waits, oldest first, since when, for what and where, and how many
 * slots the waitlist filled this week; an admin can remove a place.
 */
export default function AdminWaitlistPage() {
  const { t, i18n } = useTranslation('waitlist');
  const query = useGetAdminWaitlistQuery({});
  const [remove, removing] = useRemoveWaitlistPlaceMutation();
  return (
    <PageFrame title={t('admin.title')} maxWidth={1000}>
      <QueryState data={query.data} error={query.error} isLoading={query.isLoading}>
        {(w) => (
          <Box sx={{ display: 'grid', gap: 2 }}>
            <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, 1fr)' } }}>
              {(
                [
                  ['waiting', String(w.counts.waiting)],
                  ['since', w.counts.oldestSince ? formatDate(w.counts.oldestSince, i18n.language) : '—'],
                  ['filledThisWeek', String(w.counts.filledThisWeek)],
                ] as const
              ).map(([key, value]) => (
                <Paper key={key} variant="outlined" sx={{ p: 2 }}>
                  <Typography color="text.secondary">{t(`admin.counts.${key}`)}</Typography>
                  <Typography variant="h5" component="p">
                    {value}
                  </Typography>
                </Paper>
              ))}
            </Box>
            {w.places.length === 0 ? (
              <Typography>{t('admin.empty')}</Typography>
            ) : (
              <Paper variant="outlined" sx={{ overflowX: 'auto' }}>
                <Table size="small" aria-label={t('admin.title')}>
                  <TableHead>
                    <TableRow>
                      <TableCell>{t('admin.columns.email')}</TableCell>
                      <TableCell>{t('admin.columns.days')}</TableCell>
                      <TableCell>{t('admin.columns.since')}</TableCell>
                      <TableCell>{t('admin.columns.state')}</TableCell>
                      <TableCell />
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {w.places.map((p) => (
                      <TableRow key={p.id}>
                        <TableCell>{p.email}</TableCell>
                        <TableCell>
                          {formatDate(p.from, i18n.language)} – {formatDate(p.until, i18n.language)}
                        </TableCell>
                        <TableCell>
                          {p.confirmedAt ? formatDate(p.confirmedAt, i18n.language) : '—'}
                        </TableCell>
                        <TableCell>{t(p.offered ? 'admin.offered' : `admin.state.${p.status}`)}</TableCell>
                        <TableCell>
                          <Button
                            size="small"
                            color="error"
                            disabled={removing.isLoading}
                            onClick={() => remove(p.id)}
                            aria-label={t('admin.removeNamed', { email: p.email })}
                          >
                            {t('admin.remove')}
                          </Button>
                        </TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </Paper>
            )}
          </Box>
        )}
      </QueryState>
    </PageFrame>
  );
}
