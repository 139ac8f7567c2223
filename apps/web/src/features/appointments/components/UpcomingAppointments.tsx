import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { QueryState } from '../../../components/QueryState';
import { formatDate, formatTime } from '../../../lib/dates';
import { inProviderZone } from '../../../lib/providerZone';
import { useListAppointmentsQuery } from '../api/appointmentsApi';
import { useGetLocationsQuery } from '../../../components/locations/locationListApi';
import { useNow } from '../../../lib/useNow';

const SHOWN = 3;

/** A plain user's dashboard: their next few appointments and the way to make one. */
export function UpcomingAppointments() {
  const { t, i18n } = useTranslation('appointments');
  const now = useNow();
  // Where to go, once there is more than one place it could be.
  const several = (useGetLocationsQuery().data?.length ?? 0) > 1;
  // GET /appointments answers by start ascending (the paginated call is newest first): from today on,
  // the first few confirmed ones that have not ended are the next ones.
  const query = useListAppointmentsQuery({
    showCanceled: false,
    from: inProviderZone(new Date(now)).toISODate() ?? undefined,
  });
  const next = query.data
    ?.filter((a) => a.status === 'confirmed' && Date.parse(a.untilDateTime) > now)
    .slice(0, SHOWN);
  return (
    <Box component="section" aria-labelledby="upcoming-heading" sx={{ display: 'grid', gap: 1.5 }}>
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography id="upcoming-heading" variant="h5" component="h2" sx={{ flexGrow: 1 }}>
          {t('upcoming.heading')}
        </Typography>
        <Button component={RouterLink} to="/new" variant="contained">
          {t('upcoming.book')}
        </Button>
      </Box>
      <QueryState data={next} error={query.error} isLoading={query.isLoading} empty={t('upcoming.empty')}>
        {(items) => (
          <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}>
            {items.map((a) => (
              <Paper key={a.id} component="li" variant="outlined" sx={{ p: 1.5 }}>
                <Typography sx={{ fontWeight: 600 }}>
                  {formatDate(a.fromDateTime, i18n.language)}, {formatTime(a.fromDateTime)}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {a.appointmentItems.map((i) => `${i.amount} x ${i.product.title}`).join(', ')} ·{' '}
                  {several ? `${a.location.name}, ${a.desk.name}` : a.desk.name}
                </Typography>
              </Paper>
            ))}
          </Box>
        )}
      </QueryState>
    </Box>
  );
}
