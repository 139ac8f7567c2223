import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { addressOf, type Appointment } from '@balie/shared';
import { useNotify } from '../../../components/notifier/NotifierContext';
import { formatDate, formatTime } from '../../../lib/dates';
import { useCheckInAppointmentMutation } from '../api/appointmentsApi';
import { changePath } from '../paths';
import { deskLabel, statusColor, visitorName } from '../status';
import { AppointmentHistory } from './AppointmentHistory';

/**
 * An appointment opened from the staff's calendar or the appointments list: its details, its history,
 * check-in while it is confirmed, and the change screen while it can still change.
 */
export function AppointmentDetailsDialog({
  appointment: a,
  onClose,
  offerCheckIn = true,
}: {
  appointment: Appointment | null;
  onClose: () => void;
  /** False where the opener already offers check-in (the list's cards know when it is allowed). */
  offerCheckIn?: boolean;
}) {
  const { t, i18n } = useTranslation('appointments');
  const { t: r } = useTranslation('reminders');
  const [checkIn, { isLoading }] = useCheckInAppointmentMutation();
  const notify = useNotify();
  if (!a) return null;

  async function run() {
    if (!a) return;
    try {
      await checkIn(a.id).unwrap();
      notify(t('today.checkedIn', { name: visitorName(a) }), 'success');
      onClose();
    } catch {
      notify(t('errors.generic'), 'error');
    }
  }

  const rows: [string, string][] = [
    [t('details.date'), formatDate(a.fromDateTime, i18n.language)],
    [t('details.time'), `${formatTime(a.fromDateTime)}–${formatTime(a.untilDateTime)}`],
    [t('details.location'), [a.location.name, addressOf(a.location)].filter(Boolean).join(', ')],
    [t('details.desk'), deskLabel(a.desk)],
    [t('details.products'), a.appointmentItems.map((i) => `${i.amount} x ${i.product.title}`).join(', ')],
    [t('details.phone'), a.phone],
    [t('details.email'), a.email],
    [t('details.code'), a.checkInCode ?? '—'],
    // The answer to a reminder (DESIGN §4c): confirmed coming, and when.
    [
      r('list.confirmed'),
      a.visitorConfirmedAt
        ? r('list.confirmedAt', {
            at: `${formatDate(a.visitorConfirmedAt, i18n.language)} ${formatTime(a.visitorConfirmedAt)}`,
          })
        : r('list.notConfirmed'),
    ],
  ];
  return (
    <Dialog open onClose={onClose} aria-labelledby="appointment-details-title" fullWidth maxWidth="sm">
      <DialogTitle id="appointment-details-title">{visitorName(a)}</DialogTitle>
      <DialogContent>
        <Chip size="small" color={statusColor[a.status]} label={t(`status.${a.status}`)} sx={{ mb: 1.5 }} />
        <Box
          component="dl"
          sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.5, m: 0 }}
        >
          {rows.map(([term, value]) => (
            <Box key={term} sx={{ display: 'contents' }}>
              <Typography component="dt" color="text.secondary">
                {term}
              </Typography>
              <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
                {value}
              </Typography>
            </Box>
          ))}
        </Box>
        <AppointmentHistory appointmentId={a.id} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('details.close')}</Button>
        {a.status === 'confirmed' && a.canChange && (
          <Button component={RouterLink} to={changePath(a.id)} variant="outlined">
            {t('actions.change')}
          </Button>
        )}
        {offerCheckIn && a.status === 'confirmed' && (
          <Button variant="contained" onClick={run} disabled={isLoading}>
            {t('actions.checkIn')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
