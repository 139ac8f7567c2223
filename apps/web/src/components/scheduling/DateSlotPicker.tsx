import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useId } from 'react';
import { skipToken } from '@reduxjs/toolkit/query';
import { useTranslation } from 'react-i18next';
import type { AppointmentItemInput, Timeslot } from '@balie/shared';
import { formatDate } from '../../lib/dates';
import { useGetAvailableDaysQuery, useGetTimeslotsQuery } from './schedulingApi';
import { TimeslotButtons } from './TimeslotButtons';
import { InlineLoading } from '../InlineLoading';

const AvailableDateCalendar = lazy(() => import('./AvailableDateCalendar'));

interface Props {
  appointmentItems: AppointmentItemInput[];
  /** Moving an existing appointment: its own slot counts as free (DESIGN §5). */
  appointmentId?: number;
  token?: string;
  /** Only this location's desks (DESIGN §5); without it every location counts. */
  locationId?: number | null;
  date: string | null;
  onDateChange: (date: string) => void;
  selectedBeginTime: string | null;
  /**
   * The slot the visitor holds: shown among the day's slots even though the hold itself takes it off the
   * list (with one desk it would vanish after a reload or a refetch, and the visitor with it).
   */
  heldSlot?: Timeslot | null;
  /** With slots at several locations: the location of the slot shown as chosen. */
  selectedLocationId?: number | null;
  onSlotSelect: (slot: Timeslot) => void;
  busy?: boolean;
  /** Heading level of the two parts ('h3' inside a step headed by an h2). */
  headingLevel?: 'h2' | 'h3';
}

/** The day's slots with the held one put back in its place, when it is on that day and not listed. */
function withHeld(slots: Timeslot[], held: Timeslot | null, date: string): Timeslot[] {
  if (!held || held.beginTime.slice(0, 10) !== date) return slots;
  const at = Date.parse(held.beginTime);
  const listed = slots.some(
    (s) => Date.parse(s.beginTime) === at && s.desk.location.id === held.desk.location.id,
  );
  if (listed) return slots;
  return [...slots, held].sort((a, b) => Date.parse(a.beginTime) - Date.parse(b.beginTime));
}

/** The date picker and the time-slot buttons of spec §2, shared by booking, edit-by-token and change. */
export function DateSlotPicker(props: Props) {
  const { appointmentItems, appointmentId, token, date, onDateChange, selectedBeginTime, onSlotSelect } =
    props;
  const { t, i18n } = useTranslation('booking');
  const heading = props.headingLevel ?? 'h3';
  const changing = {
    ...(appointmentId === undefined ? {} : { appointmentId, ...(token ? { token } : {}) }),
    ...(props.locationId ? { locationId: props.locationId } : {}),
  };
  const days = useGetAvailableDaysQuery({ appointmentItems, ...changing });
  const slots = useGetTimeslotsQuery(date ? { appointmentItems, date, ...changing } : skipToken);
  const id = useId();
  const loadingText = t('picker.loadingDates');

  return (
    <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: 'minmax(300px, 360px) 1fr' } }}>
      <Box component="section" aria-labelledby={`${id}-date`}>
        <Typography id={`${id}-date`} component={heading} variant="h6" gutterBottom>
          {t('picker.dateHeading')}
        </Typography>
        {days.isError && <Alert severity="error">{t('errors.generic')}</Alert>}
        <Suspense fallback={<Typography role="status">{loadingText}</Typography>}>
          <AvailableDateCalendar
            availableDays={days.data ?? []}
            loading={days.isLoading || days.isFetching}
            loadingText={loadingText}
            value={date}
            onChange={onDateChange}
            language={i18n.language}
          />
        </Suspense>
        {!days.isFetching && days.data?.length === 0 && (
          <Alert severity="info">{t('picker.noAvailableDays')}</Alert>
        )}
      </Box>
      <Box component="section" aria-labelledby={`${id}-time`} aria-busy={slots.isFetching}>
        <Typography id={`${id}-time`} component={heading} variant="h6" gutterBottom>
          {date
            ? t('picker.timeHeadingFor', { date: formatDate(date, i18n.language) })
            : t('picker.timeHeading')}
        </Typography>
        {!date ? (
          <Typography color="text.secondary">{t('picker.chooseDateFirst')}</Typography>
        ) : slots.isFetching ? (
          <InlineLoading text={t('picker.loadingTimes')} />
        ) : slots.isError ? (
          <Alert severity="error">{t('errors.generic')}</Alert>
        ) : withHeld(slots.data ?? [], props.heldSlot ?? null, date).length === 0 ? (
          <Alert severity="info">{t('picker.noTimeslots')}</Alert>
        ) : (
          <TimeslotButtons
            slots={withHeld(slots.data ?? [], props.heldSlot ?? null, date)}
            selected={selectedBeginTime}
            selectedLocationId={props.selectedLocationId}
            onSelect={onSlotSelect}
            disabled={props.busy}
          />
        )}
      </Box>
    </Box>
  );
}
