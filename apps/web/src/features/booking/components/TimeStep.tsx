import { WaitlistJoin } from './WaitlistJoin';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Timeslot } from '@balie/shared';
import { useAppDispatch, useAppSelector } from '../../../lib/store/hooks';
import { apiErrorOf } from '../../../lib/apiError';
import { DateSlotPicker } from '../../../components/scheduling/DateSlotPicker';
import { useMakeReservationMutation } from '../../../components/scheduling/schedulingApi';
import {
  dateSelected,
  noticeShown,
  selectDraft,
  stepChanged,
  type BookingNotice,
  type DraftItem,
} from '../store/draftSlice';
import { useGetAvailableLocationsQuery } from '../api/locationsApi';
import { selectReservationState } from '../store/reservationSlice';
import { StepHeading } from './StepHeading';

/** Where the times are: the location chosen on the previous step, or every location. */
function ChosenLocation({ locationId, items }: { locationId: number | null; items: DraftItem[] }) {
  const { t } = useTranslation('booking');
  // The answer the location step showed (cached), for the name.
  const places = useGetAvailableLocationsQuery({ appointmentItems: items }).data;
  const name = places?.find((p) => p.location.id === locationId)?.location.name;
  return (
    <Typography>
      {locationId === null || !name ? t('location.timesAnywhere') : t('location.timesAt', { name })}
    </Typography>
  );
}

/** What each notice says (the translation key in `booking`). */
const NOTICE_TEXT: Record<BookingNotice, string> = {
  slot_unavailable: 'errors.slotUnavailable',
  reservation_expired: 'errors.reservationExpired',
  too_many_holds: 'errors.tooManyHolds',
  too_many_appointments: 'errors.tooManyAppointments',
};

/**
 * The time step: a day, then a time, at the location chosen (or at every location); choosing a time
 * places the hold (or replaces the current one).
 */
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
        // The slot's own location, also for "earliest anywhere": the hold lands where the button said.
        locationId: slot.desk.location.id,
        ...(replaces ? { replacesReservationId: replaces } : {}),
      }).unwrap();
    } catch (error) {
      justHeld.current = false;
      const code = apiErrorOf(error)?.code;
      // 409: someone else was quicker; the mutation already refetches the slots.
      if (code === 'timeslot_unavailable') dispatch(noticeShown('slot_unavailable'));
      // 429: this address holds the most slots it may (DESIGN §6); choosing again later works.
      else if (code === 'too_many_holds') dispatch(noticeShown('too_many_holds'));
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
      {draft.chooseLocation && (
        <ChosenLocation locationId={draft.locationId} items={draft.appointmentItems} />
      )}
      <Box aria-live="assertive">
        {/* 'Reservation expired.' is said once: by the banner when it shows it, else here. */}
        {draft.notice && !(draft.notice === 'reservation_expired' && expired) && (
          <Alert severity="warning" onClose={() => dispatch(noticeShown(null))}>
            {t(NOTICE_TEXT[draft.notice], { email: draft.personal.email })}
          </Alert>
        )}
        {failed && <Alert severity="error">{t('errors.generic')}</Alert>}
      </Box>
      <DateSlotPicker
        appointmentItems={draft.appointmentItems}
        locationId={draft.locationId}
        date={draft.date}
        onDateChange={(date) => dispatch(dateSelected(date))}
        selectedBeginTime={held ? draft.fromDateTime : null}
        selectedLocationId={held ? draft.location?.id : null}
        heldSlot={
          reservation
            ? {
                beginTime: reservation.fromDateTime,
                endTime: reservation.untilDateTime,
                desk: reservation.desk,
              }
            : null
        }
        onSlotSelect={choose}
        busy={hold.isLoading}
      />
      {/* Nothing in reach, or only later than needed: a place on the waitlist (DESIGN §4c). */}
      {!held && <WaitlistJoin appointmentItems={draft.appointmentItems} locationId={draft.locationId} />}
      <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
        <Button onClick={() => dispatch(stepChanged(draft.chooseLocation ? 'location' : 'products'))}>
          {t('nav.back')}
        </Button>
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
