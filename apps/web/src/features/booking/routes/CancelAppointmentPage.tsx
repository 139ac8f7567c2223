import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink, Navigate, useNavigate, useParams } from 'react-router';
import { skipToken } from '@reduxjs/toolkit/query';
import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../../components/PageFrame';
import { BOOKING_PAGE_WIDTH } from '../lib/pageWidth';
import { apiErrorOf } from '../../../lib/apiError';
import { AppointmentSummary } from '../../../components/scheduling/AppointmentSummary';
import { appointmentToSummary } from '../../../components/scheduling/toSummary';
import { useCancelAppointmentByTokenMutation, useGetAppointmentByTokenQuery } from '../api/byTokenApi';
import { TokenPageState } from '../components/TokenPageState';
import { NOT_POSSIBLE_PATH } from '../../../components/scheduling/paths';

/** /cancel-appointment/:token: cancel from the mailed link; shown as cancelled at once, undone if it fails. */
export default function CancelAppointmentPage() {
  const { token } = useParams();
  const { t } = useTranslation('booking');
  const navigate = useNavigate();
  const query = useGetAppointmentByTokenQuery(token ?? skipToken);
  const [cancel, cancelling] = useCancelAppointmentByTokenMutation();
  const [failed, setFailed] = useState(false);
  const appointment = query.data;

  async function onCancel() {
    if (!token) return;
    setFailed(false);
    try {
      await cancel(token).unwrap();
    } catch (error) {
      if (apiErrorOf(error)?.code === 'change_not_possible') return navigate(NOT_POSSIBLE_PATH);
      setFailed(true);
    }
  }

  let body;
  if (!appointment) body = <TokenPageState isLoading={query.isLoading} error={query.error} />;
  else if (appointment.status === 'cancelled') {
    body = (
      <>
        <Alert severity="success" role="status">
          {t('cancel.done')}
        </Alert>
        <Link component={RouterLink} to="/new">
          {t('cancel.bookNew')}
        </Link>
      </>
    );
  } else if (!appointment.canChange && !cancelling.isLoading)
    body = <Navigate to={NOT_POSSIBLE_PATH} replace />;
  else {
    body = (
      <>
        {failed && (
          <Alert severity="error" role="alert">
            {t('errors.cancelFailed')}
          </Alert>
        )}
        <Paper variant="outlined" sx={{ p: 2 }}>
          <AppointmentSummary data={appointmentToSummary(appointment)} />
        </Paper>
        <Typography>{t('cancel.question')}</Typography>
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          <Button variant="contained" color="error" onClick={onCancel} disabled={cancelling.isLoading}>
            {t('cancel.confirm')}
          </Button>
          <Button component={RouterLink} to={`/edit-appointment/${encodeURIComponent(token ?? '')}`}>
            {t('cancel.toEdit')}
          </Button>
        </Box>
      </>
    );
  }

  return (
    <PageFrame title={t('cancel.heading')} maxWidth={BOOKING_PAGE_WIDTH}>
      <Box sx={{ display: 'grid', gap: 2 }}>{body}</Box>
    </PageFrame>
  );
}
