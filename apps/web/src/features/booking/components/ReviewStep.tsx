import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { personalDataSchema, uiLanguageOf } from '@balie/shared';
import { useAppDispatch, useAppSelector } from '../../../lib/store/hooks';
import { apiErrorOf } from '../../../lib/apiError';
import { AppointmentSummary } from '../../../components/scheduling/AppointmentSummary';
import { useLocationDetails } from '../../../components/locations/LocationContact';
import { useConfirmAppointmentMutation } from '../api/bookingApi';
import { useGetBookableProductsQuery } from '../api/productsApi';
import { draftDuration } from '../lib/draftDuration';
import { appointmentLimitReached, selectDraft, slotLost, stepChanged } from '../store/draftSlice';
import { reservationExpired, selectReservation } from '../store/reservationSlice';
import { StepHeading } from './StepHeading';

/** Step 4: everything at a glance, then confirm (POST /appointment). */
export function ReviewStep() {
  const { t, i18n } = useTranslation('booking');
  const dispatch = useAppDispatch();
  const draft = useAppSelector(selectDraft);
  const reservation = useAppSelector(selectReservation);
  const products = useGetBookableProductsQuery();
  const [confirm, confirming] = useConfirmAppointmentMutation();
  const [failed, setFailed] = useState(false);
  // The hold names its location; the address comes with the list of locations.
  const place = useLocationDetails(draft.location?.id);

  async function onConfirm() {
    if (!reservation) return;
    setFailed(false);
    const personal = personalDataSchema.parse(draft.personal);
    try {
      await confirm({
        reservationId: reservation.id,
        ...personal,
        language: uiLanguageOf(i18n.language),
      }).unwrap();
    } catch (error) {
      const code = apiErrorOf(error)?.code;
      // These send the visitor back to the time step; the draft keeps everything entered.
      if (code === 'reservation_expired') dispatch(reservationExpired());
      else if (code === 'timeslot_unavailable') dispatch(slotLost());
      else if (code === 'too_many_appointments') dispatch(appointmentLimitReached());
      else setFailed(true);
    }
  }

  const items = draft.appointmentItems.map((item) => ({
    title: products.data?.find((p) => p.id === item.productId)?.title ?? `#${item.productId}`,
    amount: item.amount,
  }));

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <StepHeading>{t('review.heading')}</StepHeading>
      {draft.fromDateTime && draft.untilDateTime && (
        <Paper variant="outlined" sx={{ p: 2 }}>
          <AppointmentSummary
            data={{
              fromDateTime: draft.fromDateTime,
              untilDateTime: draft.untilDateTime,
              items,
              duration: draftDuration(draft.appointmentItems, products.data ?? []),
              deskName: draft.desk?.name,
              location: place ?? draft.location,
              person: draft.personal,
            }}
          />
        </Paper>
      )}
      {failed && (
        <Alert severity="error" role="alert">
          {t('errors.confirmFailed')}
        </Alert>
      )}
      <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
        <Button onClick={() => dispatch(stepChanged('details'))}>{t('nav.back')}</Button>
        <Button
          variant="contained"
          size="large"
          onClick={onConfirm}
          disabled={!reservation || confirming.isLoading}
        >
          {t('review.confirm')}
        </Button>
      </Box>
    </Box>
  );
}
