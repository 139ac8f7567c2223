import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Appointment, AppointmentItemInput, Timeslot } from '@balie/shared';
import { useNotify } from '../notifier/NotifierContext';
import { formatDate, formatTime } from '../../lib/dates';
import { inProviderZone } from '../../lib/providerZone';
import { apiErrorOf } from '../../lib/apiError';
import { DateSlotPicker } from './DateSlotPicker';
import { sameInstant } from './groupSlots';
import { useMakeReservationMutation, useMoveAppointmentMutation } from './schedulingApi';

interface Props {
  appointment: Appointment;
  /** The mailed token (guests); signed-in owners leave it out. */
  token?: string;
  onChanged: (appointment: Appointment) => void;
  /** The server says the appointment can no longer be changed (409 change_not_possible). */
  onNotPossible: () => void;
  /** Other products than the appointment's (staff change them for the visitor); by default its own. */
  items?: AppointmentItemInput[];
  /** Staff acting for the visitor: the confirmation speaks of the visitor, not of "your appointment". */
  forVisitor?: boolean;
}

const itemsOf = (a: Appointment): AppointmentItemInput[] =>
  a.appointmentItems.map((i) => ({ productId: i.product.id, amount: i.amount }));
const sameItems = (x: AppointmentItemInput[], y: AppointmentItemInput[]) =>
  x.length === y.length &&
  x.every((i) => y.some((j) => j.productId === i.productId && j.amount === i.amount));

/**
 * Spec §2 change-appointment screen, below the current appointment: a date picker and slot buttons; the
 * change button only for a slot other than the current one; a confirmation first. Confirming makes a hold
 * naming the appointment, then moves the appointment onto it (same id, same token). With other `items`
 * the current time is no longer chosen by itself: a slot for the new products is. A move stays at the
 * appointment's location (decision 0344): the visitor chose it, and the mails name it.
 */
export function AppointmentChanger({
  appointment,
  token,
  onChanged,
  onNotPossible,
  items = itemsOf(appointment),
  forVisitor = false,
}: Props) {
  const { t, i18n } = useTranslation(['booking', 'common']);
  const [date, setDate] = useState<string | null>(() => inProviderZone(appointment.fromDateTime).toISODate());
  const [chosen, setChosen] = useState<Timeslot | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [slotGone, setSlotGone] = useState(false);
  const notify = useNotify();
  const [makeReservation, hold] = useMakeReservationMutation();
  const [moveAppointment, move] = useMoveAppointmentMutation();
  const busy = hold.isLoading || move.isLoading;

  // Other products ask for another slot: a slot chosen for the earlier ones no longer counts.
  const itemsKey = JSON.stringify(items);
  const [itemsSeen, setItemsSeen] = useState(itemsKey);
  if (itemsSeen !== itemsKey) {
    setItemsSeen(itemsKey);
    setChosen(null);
  }
  const itemsChanged = !sameItems(items, itemsOf(appointment));
  const isOther =
    chosen !== null && (itemsChanged || !sameInstant(chosen.beginTime, appointment.fromDateTime));
  const texts = forVisitor ? 'changeForVisitor' : 'change';

  async function change() {
    if (!chosen) return;
    setConfirming(false);
    try {
      const reservation = await makeReservation({
        appointmentItems: items,
        fromDateTime: chosen.beginTime,
        locationId: appointment.location.id,
        appointmentId: appointment.id,
        ...(token ? { token } : {}),
      }).unwrap();
      const moved = await moveAppointment({
        id: appointment.id,
        reservationId: reservation.id,
        ...(token ? { token } : {}),
      }).unwrap();
      setChosen(null);
      onChanged(moved);
    } catch (error) {
      const code = apiErrorOf(error)?.code;
      if (code === 'change_not_possible') return onNotPossible();
      if (code === 'timeslot_unavailable' || code === 'reservation_expired') {
        setChosen(null);
        return setSlotGone(true);
      }
      // Spec §8: change failure → generic error snackbar, logged.
      console.error('Changing appointment failed', error);
      notify(t('errors.generic'), 'error');
    }
  }

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      {slotGone && (
        <Alert severity="warning" onClose={() => setSlotGone(false)}>
          {t('errors.slotUnavailable')}
        </Alert>
      )}
      <DateSlotPicker
        appointmentItems={items}
        appointmentId={appointment.id}
        token={token}
        locationId={appointment.location.id}
        date={date}
        onDateChange={(d) => {
          setDate(d);
          setChosen(null);
        }}
        selectedBeginTime={chosen?.beginTime ?? (date && !itemsChanged ? appointment.fromDateTime : null)}
        onSlotSelect={(slot) => {
          setSlotGone(false);
          setChosen(slot);
        }}
        busy={busy}
      />
      {isOther && chosen && (
        // Sticky so that on a phone the button is in view right after choosing a slot high in a long list.
        <Box
          sx={{
            position: 'sticky',
            bottom: 0,
            py: 1.5,
            display: 'flex',
            justifyContent: 'flex-end',
            bgcolor: 'background.default',
          }}
        >
          <Button variant="contained" size="large" onClick={() => setConfirming(true)} disabled={busy}>
            {t(`${texts}.button`)}
          </Button>
        </Box>
      )}
      <Dialog
        open={confirming && chosen !== null}
        onClose={() => setConfirming(false)}
        aria-labelledby="change-confirm-title"
      >
        <DialogTitle id="change-confirm-title">{t(`${texts}.confirmTitle`)}</DialogTitle>
        <DialogContent>
          <DialogContentText>
            {chosen &&
              t(`${texts}.confirmText`, {
                date: formatDate(chosen.beginTime, i18n.language),
                time: formatTime(chosen.beginTime),
              })}
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(false)}>{t('common:action.cancel')}</Button>
          <Button variant="contained" onClick={change} autoFocus>
            {t(`${texts}.confirm`)}
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
