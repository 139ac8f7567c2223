import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { SELF_CHECK_IN_MINUTES, type Appointment } from '@balie/shared';
import { apiErrorOf } from '../../../lib/apiError';
import { useCheckInByTokenMutation } from '../api/byTokenApi';

const MINUTE = 60_000;

/**
 * Whether the mailed link offers the visitor's own check-in now: a confirmed appointment from 30 minutes
 * before its start until 30 minutes after it, or one already checked in (to say so). The server decides.
 */
export function offersSelfCheckIn(appointment: Appointment, now = Date.now()): boolean {
  if (appointment.status === 'checked_in') return true;
  if (appointment.status !== 'confirmed') return false;
  const fromStart = now - Date.parse(appointment.fromDateTime);
  return Math.abs(fromStart) <= SELF_CHECK_IN_MINUTES * MINUTE;
}

/** "I am here": the visitor checks in on their own phone and joins the queue of the waiting room. */
export function SelfCheckIn({ appointment, token }: { appointment: Appointment; token: string }) {
  const { t } = useTranslation('booking');
  const [checkIn, state] = useCheckInByTokenMutation();
  const refusal = apiErrorOf(state.error)?.errors?.[0]?.message;
  if (appointment.status === 'checked_in')
    return (
      <Alert severity="success" role="status">
        {t('selfCheckIn.done', { code: appointment.checkInCode?.slice(0, 4) ?? '' })}
      </Alert>
    );
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="self-check-in"
      sx={{ p: 2, display: 'grid', gap: 1.5 }}
    >
      <Typography id="self-check-in" variant="h6" component="h2">
        {t('selfCheckIn.heading')}
      </Typography>
      <Typography>{t('selfCheckIn.text')}</Typography>
      <Box>
        <Button
          variant="contained"
          size="large"
          disabled={state.isLoading}
          onClick={() => void checkIn(token)}
        >
          {t('selfCheckIn.button')}
        </Button>
      </Box>
      {state.isError && (
        <Alert severity="error" role="alert">
          {refusal === 'too_early' || refusal === 'too_late'
            ? t(`selfCheckIn.${refusal}`)
            : t('errors.generic')}
        </Alert>
      )}
    </Paper>
  );
}
