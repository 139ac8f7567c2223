import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { skipToken } from '@reduxjs/toolkit/query';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams } from 'react-router';
import { httpStatusOf } from '../../../lib/apiError';
import { AppointmentChanger } from '../../../components/scheduling/AppointmentChanger';
import { CurrentAppointment } from '../../../components/scheduling/CurrentAppointment';
import { useGetAppointmentQuery } from '../api/appointmentsApi';
import { NOT_POSSIBLE_PATH } from '../../../components/scheduling/paths';
import { CALENDAR_PATH } from '../paths';
import { useHasRole } from '../../../session/useCurrentUser';
import { ChangeForVisitor } from '../components/ChangeForVisitor';
import { PageFrame } from '../../../components/PageFrame';
import { useNotify } from '../../../components/notifier/NotifierContext';
import { InlineLoading } from '../../../components/InlineLoading';

/**
 * /change-appointment/:appointmentId (spec §2): current appointment, a new slot, confirm, back to /calendar.
 * Staff get the visitor's version (ChangeForVisitor), with the products to change too.
 */
export default function ChangeAppointmentPage() {
  const { appointmentId } = useParams();
  const { t } = useTranslation(['appointments', 'booking']);
  const navigate = useNavigate();
  const notify = useNotify();
  const staff = useHasRole('ROLE_STAFF');
  const id = Number(appointmentId);
  const valid = Number.isInteger(id) && id > 0;
  const query = useGetAppointmentQuery(valid ? id : skipToken);
  const appointment = query.data;

  let body;
  if (!valid || (query.isError && httpStatusOf(query.error) === 404)) {
    body = <Alert severity="error">{t('booking:errors.invalidApplication')}</Alert>;
  } else if (query.isError) {
    body = <Alert severity="error">{t('booking:errors.generic')}</Alert>;
  } else if (!appointment) {
    body = <InlineLoading text={t('booking:loading')} />;
  } else if (appointment.status !== 'confirmed' || !appointment.canChange) {
    body = <Navigate to={NOT_POSSIBLE_PATH} replace />;
  } else if (staff) {
    body = <ChangeForVisitor appointment={appointment} onNotPossible={() => navigate(NOT_POSSIBLE_PATH)} />;
  } else {
    body = (
      <>
        <CurrentAppointment appointment={appointment} />
        <AppointmentChanger
          appointment={appointment}
          onChanged={() => {
            notify(t('calendar.changed'), 'success');
            navigate(CALENDAR_PATH);
          }}
          onNotPossible={() => navigate(NOT_POSSIBLE_PATH)}
        />
      </>
    );
  }

  return (
    <PageFrame title={t(staff ? 'change.visitorHeading' : 'change.heading')} maxWidth={960}>
      <Box sx={{ display: 'grid', gap: 2 }}>{body}</Box>
    </PageFrame>
  );
}
