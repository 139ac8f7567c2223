import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Appointment } from '@balie/shared';
import { formatDate, formatTime } from '../../../lib/dates';
import { inProviderZone, nowInProviderZone } from '../../../lib/providerZone';
import { changePath } from '../paths';
import { statusColor, visitorName } from '../status';

interface Props {
  appointment: Appointment;
  busy: boolean;
  onCancel: () => void;
  onCheckIn: () => void;
  /** Staff see who is coming (name, e-mail, phone); a user's own list does not repeat their name. */
  showVisitor?: boolean;
  /** Opens the details with the appointment's history. */
  onDetails: () => void;
  /** Says where: a user's own appointments always, staff's while the list shows several locations. */
  showLocation?: boolean;
}

/** One appointment in the list, with what may be done with it now. */
export function AppointmentCard({
  appointment: a,
  busy,
  onCancel,
  onCheckIn,
  showVisitor,
  onDetails,
  showLocation = false,
}: Props) {
  const { t, i18n } = useTranslation('appointments');
  const today = inProviderZone(a.fromDateTime).hasSame(nowInProviderZone(), 'day');
  const headingId = `appointment-${a.id}`;
  return (
    <Paper
      component="li"
      variant="outlined"
      aria-labelledby={headingId}
      sx={{ p: 2, display: 'grid', gap: 1 }}
    >
      <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
        <Typography id={headingId} component="h2" variant="subtitle1" sx={{ fontWeight: 600 }}>
          {formatDate(a.fromDateTime, i18n.language)}, {formatTime(a.fromDateTime)} –{' '}
          {formatTime(a.untilDateTime)}
        </Typography>
        <Chip size="small" color={statusColor[a.status]} label={t(`status.${a.status}`)} />
      </Box>
      {showVisitor && (
        <Typography sx={{ overflowWrap: 'anywhere' }}>
          <Box component="span" sx={{ fontWeight: 600 }}>
            {visitorName(a)}
          </Box>
          {[a.email, a.phone].filter(Boolean).map((v) => ` · ${v}`)}
        </Typography>
      )}
      <Typography>{a.appointmentItems.map((i) => `${i.amount} x ${i.product.title}`).join(', ')}</Typography>
      <Typography variant="body2" color="text.secondary">
        {t('list.deskAndDuration', {
          desk: showLocation ? `${a.location.name}, ${a.desk.name}` : a.desk.name,
          count: a.duration,
        })}
      </Typography>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <Button size="small" onClick={onDetails} aria-describedby={headingId}>
          {t('actions.details')}
        </Button>
        {a.status === 'confirmed' && (
          <>
            {a.canChange && (
              <Button component={RouterLink} to={changePath(a.id)} variant="outlined" size="small">
                {t('actions.change')}
              </Button>
            )}
            {today && (
              <Button variant="contained" size="small" onClick={onCheckIn} disabled={busy}>
                {t('actions.checkIn')}
              </Button>
            )}
            {a.canChange && (
              <Button color="error" size="small" onClick={onCancel} disabled={busy}>
                {t('actions.cancel')}
              </Button>
            )}
          </>
        )}
      </Box>
    </Paper>
  );
}
