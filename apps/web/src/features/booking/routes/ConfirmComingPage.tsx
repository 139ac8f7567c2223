import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import { useEffect } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../../components/PageFrame';
import { AppointmentSummary } from '../../../components/scheduling/AppointmentSummary';
import { appointmentToSummary } from '../../../components/scheduling/toSummary';
import { apiErrorOf } from '../../../lib/apiError';
import { useConfirmComingByTokenMutation } from '../api/byTokenApi';
import { TokenPageState } from '../components/TokenPageState';
import { BOOKING_PAGE_WIDTH } from '../lib/pageWidth';

/**
 * /confirm-appointment/:token, the reminder's "Ik kom" (DESIGN §4c): the click in the mail is the whole
 * answer, so the page confirms on opening and says in words what happened. A page rather than the API
 * link itself: a mail scanner that fetches links does not run it (decision 0462).
 */
export default function ConfirmComingPage() {
  const { token } = useParams();
  const { t } = useTranslation('reminders');
  const [confirmComing, result] = useConfirmComingByTokenMutation();

  useEffect(() => {
    if (token) void confirmComing(token);
  }, [token, confirmComing]);

  const encoded = encodeURIComponent(token ?? '');
  let body;
  if (result.data) {
    const appointment = result.data;
    body = (
      <>
        <Alert severity="success" role="status">
          {appointment.status === 'checked_in' ? t('confirm.checkedIn') : t('confirm.done')}
        </Alert>
        <Paper variant="outlined" sx={{ p: 2 }}>
          <AppointmentSummary data={appointmentToSummary(appointment)} />
        </Paper>
        {appointment.canChange && (
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            <Button component={RouterLink} to={`/cancel-appointment/${encoded}`}>
              {t('confirm.cannotAfterAll')}
            </Button>
            <Button component={RouterLink} to={`/edit-appointment/${encoded}`}>
              {t('confirm.change')}
            </Button>
          </Box>
        )}
      </>
    );
  } else if (apiErrorOf(result.error)?.code === 'change_not_possible') {
    body = (
      <>
        <Alert severity="warning" role="alert">
          {t('confirm.notPossible')}
        </Alert>
        <Box>
          <Button variant="contained" component={RouterLink} to="/new">
            {t('confirm.bookNew')}
          </Button>
        </Box>
      </>
    );
  } else body = <TokenPageState isLoading={!result.error} error={result.error} />;

  return (
    <PageFrame title={t('confirm.heading')} maxWidth={BOOKING_PAGE_WIDTH}>
      <Box sx={{ display: 'grid', gap: 2 }}>{body}</Box>
    </PageFrame>
  );
}
