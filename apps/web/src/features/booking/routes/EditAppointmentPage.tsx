import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { useState } from 'react';
import { Link as RouterLink, Navigate, useNavigate, useParams } from 'react-router';
import { skipToken } from '@reduxjs/toolkit/query';
import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../../components/PageFrame';
import { BOOKING_PAGE_WIDTH } from '../lib/pageWidth';
import { AppointmentChanger } from '../../../components/scheduling/AppointmentChanger';
import { CurrentAppointment } from '../../../components/scheduling/CurrentAppointment';
import { useGetAppointmentByTokenQuery } from '../api/byTokenApi';
import { TokenPageState } from '../components/TokenPageState';
import { offersSelfCheckIn, SelfCheckIn } from '../components/SelfCheckIn';
import { NOT_POSSIBLE_PATH } from '../../../components/scheduling/paths';

/** /edit-appointment/:token: move the appointment from the mailed link. */
export default function EditAppointmentPage() {
  const { token } = useParams();
  const { t } = useTranslation('booking');
  const navigate = useNavigate();
  const query = useGetAppointmentByTokenQuery(token ?? skipToken);
  const [changed, setChanged] = useState(false);
  const appointment = query.data;

  let body;
  if (!appointment) body = <TokenPageState isLoading={query.isLoading} error={query.error} />;
  else if (appointment.status === 'cancelled')
    body = <Alert severity="info">{t('cancel.alreadyCancelled')}</Alert>;
  else if (!appointment.canChange && !offersSelfCheckIn(appointment))
    body = <Navigate to={NOT_POSSIBLE_PATH} replace />;
  else if (!appointment.canChange)
    // On the day, around the start: the link is the visitor's check-in (DESIGN §4b).
    body = (
      <>
        <SelfCheckIn appointment={appointment} token={token ?? ''} />
        <CurrentAppointment appointment={appointment} />
      </>
    );
  else {
    body = (
      <>
        {offersSelfCheckIn(appointment) && <SelfCheckIn appointment={appointment} token={token ?? ''} />}
        {changed && (
          <Alert severity="success" role="status">
            {t('change.done')}
          </Alert>
        )}
        <CurrentAppointment appointment={appointment} />
        <AppointmentChanger
          appointment={appointment}
          token={token}
          onChanged={() => setChanged(true)}
          onNotPossible={() => navigate(NOT_POSSIBLE_PATH)}
        />
        <Link component={RouterLink} to={`/cancel-appointment/${encodeURIComponent(token ?? '')}`}>
          {t('change.toCancel')}
        </Link>
      </>
    );
  }

  return (
    <PageFrame title={t('change.heading')} maxWidth={BOOKING_PAGE_WIDTH}>
      <Box sx={{ display: 'grid', gap: 2 }}>{body}</Box>
    </PageFrame>
  );
}
