import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Timeslot } from '@balie/shared';
import { useAppDispatch, useAppSelector } from '../../../lib/store/hooks';
import { apiErrorOf } from '../../../lib/apiError';
import { DateSlotPicker } from '../../../components/scheduling/DateSlotPicker';
import { useMakeReservationMutation } from '../../../components/scheduling/schedulingApi';
import { dateSelected, noticeShown, selectDraft, stepChanged } from '../store/draftSlice';
import { selectReservationState } from '../store/reservationSlice';
import { StepHeading } from './StepHeading';

/** Step 2: a day, then a time; choosing a time places the hold (or replaces the current one). */
export function TimeStep() {
  const { t } = useTranslation('booking');
  const dispatch = useAppDispatch();
  const draft = useAppSelector(selectDraft);
  const { reservation, replaceableId, expired } = useAppSelector(selectReservationState);
  const [makeReservation, hold] = useMakeReservationMutation();
  const [failed, setFailed] = useState(false);
  // The slot buttons wait while the hold is made, so the one pressed loses focus; once the hold is there,
  // focus goes to Next, the visitor's next step (decision 0292), not back to the top of the page.
  const next = useRef<HTMLButtonElement>(null);
  const justHeld = useRef(false);

  async function choose(slot: Timeslot) {
    setFailed(false);
    // Set before the call: the store may hold the new slot (and render it) before unwrap() returns here.
    justHeld.current = true;
    const replaces = reservation?.id ?? replaceableId;
    try {
      await makeReservation({
        appointmentItems: draft.appointmentItems,
        fromDateTime: slot.beginTime,
        ...(replaces ? { replacesReservationId: replaces } : {}),
      }).unwrap();
    } catch (error) {
      justHeld.current = false;
      // 409: someone else was quicker; the mutation already refetches the slots.
      if (apiErrorOf(error)?.code === 'timeslot_unavailable') dispatch(noticeShown('slot_unavailable'));
      else setFailed(true);
    }
  }

  const held = reservation !== null && draft.fromDateTime !== null;
  const holdId = reservation?.id ?? null;
  useEffect(() => {
    if (!held || !justHeld.current) return;
    justHeld.current = false;
    next.current?.focus();
  }, [held, holdId]);
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <StepHeading>{t('time.heading')}</StepHeading>
      <Box aria-live="assertive">
        {/* 'Reservation expired.' is said once: by the banner when it shows it, else here. */}
        {draft.notice && !(draft.notice === 'reservation_expired' && expired) && (
          <Alert severity="warning" onClose={() => dispatch(noticeShown(null))}>
            {t(draft.notice === 'slot_unavailable' ? 'errors.slotUnavailable' : 'errors.reservationExpired')}
          </Alert>
        )}
        {failed && <Alert severity="error">{t('errors.generic')}</Alert>}
      </Box>
      <DateSlotPicker
        appointmentItems={draft.appointmentItems}
        date={draft.date}
        onDateChange={(date) => dispatch(dateSelected(date))}
        selectedBeginTime={held ? draft.fromDateTime : null}
        onSlotSelect={choose}
        busy={hold.isLoading}
      />
      <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
        <Button onClick={() => dispatch(stepChanged('products'))}>{t('nav.back')}</Button>
        <Button
          ref={next}
          variant="contained"
          size="large"
          disabled={!held}
          onClick={() => dispatch(stepChanged('details'))}
        >
          {t('nav.next')}
        </Button>
      </Box>
    </Box>
  );
}
