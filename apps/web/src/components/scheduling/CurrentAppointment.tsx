import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { Appointment } from '@balie/shared';
import { AppointmentSummary } from './AppointmentSummary';
import { appointmentToSummary } from './toSummary';

/**
 * Spec §2 change-appointment screen: the appointment as it stands, above the date and slot picker;
 * `heading` replaces "Your current appointment" (staff see the visitor's).
 */
export function CurrentAppointment({ appointment, heading }: { appointment: Appointment; heading?: string }) {
  const { t } = useTranslation('booking');
  return (
    <Paper variant="outlined" component="section" aria-labelledby="current-heading" sx={{ p: 2 }}>
      <Typography id="current-heading" component="h2" variant="h6" gutterBottom>
        {heading ?? t('change.current')}
      </Typography>
      <AppointmentSummary data={appointmentToSummary(appointment)} />
    </Paper>
  );
}
