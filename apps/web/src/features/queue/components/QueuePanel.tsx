import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { hasAccess } from '@balie/shared';
import { useTranslation } from 'react-i18next';
import { useGetLocationsQuery } from '../../../components/locations/locationListApi';
import { useCurrentUser } from '../../../session/useCurrentUser';
import { visuallyHidden } from '../../../lib/visuallyHidden';
import { useGetDisplayKeyQuery } from '../api/queueApi';
import { useDeskChoice } from '../lib/useDeskChoice';
import { QueueBoard } from './QueueBoard';
import { WalkInForm } from './WalkInForm';

/**
 * The queue part of the today screen (DESIGN §4b *Calling visitors*), for staff and admins: the desk
 * chosen once per session, then that location's queue with "next", and walk-in tickets.
 */
export default function QueuePanel() {
  const { user } = useCurrentUser();
  if (!user || !hasAccess(user.roles, 'ROLE_STAFF')) return null;
  return <StaffQueue />;
}

function StaffQueue() {
  const { t } = useTranslation('queue');
  const choice = useDeskChoice();
  // The active locations everyone may read: staff are no admins (issue 34 item 9; `?all=true` is 403).
  const locations = useGetLocationsQuery();
  const locationName = (id: number) => locations.data?.find((l) => l.id === id)?.name ?? '';
  const { desk } = choice;
  const place = desk ? locationName(desk.locationId) : '';
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="queue-heading"
      sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 2 }}
    >
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center' }}>
        <Typography id="queue-heading" variant="h5" component="h2" sx={{ flexGrow: 1 }}>
          {place ? t('headingAt', { location: place }) : t('heading')}
        </Typography>
        <TextField
          select
          size="small"
          label={t('desk.label')}
          value={desk ? String(desk.id) : ''}
          onChange={(e) => choice.choose(Number(e.target.value) || null)}
          error={!!choice.error}
          {...(choice.error ? { helperText: t('errors.desks') } : {})}
          sx={{ minWidth: 240 }}
        >
          {choice.desks.map((d) => (
            <MenuItem key={d.id} value={String(d.id)}>
              {locations.data && locations.data.length > 1
                ? `${d.name} — ${locationName(d.locationId)}`
                : d.name}
            </MenuItem>
          ))}
        </TextField>
      </Box>
      {!desk ? (
        !choice.isLoading && <Alert severity="info">{t('desk.choose')}</Alert>
      ) : (
        <>
          <QueueBoard desk={desk} />
          <WalkInForm desk={desk} />
          <DisplayLink locationId={desk.locationId} />
        </>
      )}
    </Paper>
  );
}

/**
 * The waiting room's screen of the desk's location, opened in a new tab (decision 0424): the link carries
 * the location's key, which staff may read and users and guests never get.
 */
function DisplayLink({ locationId }: { locationId: number }) {
  const { t } = useTranslation(['queue', 'common']);
  const { data } = useGetDisplayKeyQuery(locationId);
  if (!data) return null;
  return (
    <Box>
      <Button
        variant="outlined"
        href={`/display/${locationId}?key=${encodeURIComponent(data.displayKey)}`}
        target="_blank"
        rel="noopener"
        endIcon={<OpenInNewIcon aria-hidden />}
      >
        {t('openDisplay')}
        <Box component="span" sx={visuallyHidden}>
          {t('common:opens_in_new_tab')}
        </Box>
      </Button>
    </Box>
  );
}
