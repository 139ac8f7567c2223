import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { COUNTDOWN_TICK_MS, EXTEND_OFFER_SECONDS, type Reservation } from '@balie/shared';
import { useAppDispatch, useAppSelector } from '../../../lib/store/hooks';
import { HEADER_HEIGHT } from '../../../lib/layout';
import { formatDate, formatTime } from '../../../lib/dates';
import { useExtendReservationMutation } from '../api/bookingApi';
import { formatCountdown, secondsUntil } from '../lib/countdown';
import { atHoldMaximum } from '../lib/holdMaximum';
import { reservationExpired, selectReservationState } from '../store/reservationSlice';
import { selectDraftStep, type BookingStep } from '../store/draftSlice';
import { BOOKING_PAGE_WIDTH } from '../lib/pageWidth';
import { visuallyHidden } from '../../../lib/visuallyHidden';

// Stays in view under the sticky top bar while the visitor scrolls a long list of slots or products.
const stickyBanner = {
  position: 'sticky',
  top: { xs: HEADER_HEIGHT.mobile, md: HEADER_HEIGHT.desktop },
  zIndex: 1000,
} as const;

/**
 * Room kept for the banner on the steps that can hold a slot, whether or not it shows yet: the banner
 * appearing must not push the slots down under the pointer (issue 9 item 4). Two lines on a phone, one
 * on wider screens — the banner's own height there.
 */
const BANNER_ROOM = { xs: 88, sm: 56 } as const;
const HOLDING_STEPS: readonly BookingStep[] = ['time', 'details', 'review'];

/**
 * The reservation countdown of spec §2, rendered by the public layout on /new: the held slot and mm:ss
 * left, ticking every second; 'extend' under two minutes, unless the hold has reached its longest life
 * (DESIGN §6: then it says it cannot be extended); at the end 'Reservation expired.', or why it ended.
 * It sits in the page's column (the same width as the steps below it).
 */
export default function ReservationBanner() {
  const { reservation, expired, endedAtMax } = useAppSelector(selectReservationState);
  const step = useAppSelector(selectDraftStep);
  const { t } = useTranslation('booking');
  let banner = null;
  if (reservation)
    banner = <Countdown key={`${reservation.id}@${reservation.validTill}`} reservation={reservation} />;
  else if (expired) {
    banner = (
      <Alert severity="warning" role="alert" sx={{ minHeight: BANNER_ROOM }}>
        {t(endedAtMax ? 'banner.endedAtMax' : 'banner.expired')}
      </Alert>
    );
  }
  const keepRoom = HOLDING_STEPS.includes(step);
  if (!banner && !keepRoom) return null;
  return (
    <Box sx={{ ...stickyBanner, pointerEvents: banner ? undefined : 'none' }}>
      <Container maxWidth="lg" sx={{ pt: 1 }}>
        <Box sx={{ maxWidth: BOOKING_PAGE_WIDTH, mx: 'auto', minHeight: keepRoom ? BANNER_ROOM : undefined }}>
          {banner}
        </Box>
      </Container>
    </Box>
  );
}

function Countdown({ reservation }: { reservation: Reservation }) {
  const { t, i18n } = useTranslation('booking');
  const dispatch = useAppDispatch();
  const [now, setNow] = useState(() => Date.now());
  const [extend, extending] = useExtendReservationMutation();
  const left = secondsUntil(reservation.validTill, now);
  const atMax = atHoldMaximum(reservation);
  const nearEnd = left <= EXTEND_OFFER_SECONDS;

  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), COUNTDOWN_TICK_MS);
    return () => clearInterval(timer);
  }, []);

  useEffect(() => {
    if (left === 0) dispatch(reservationExpired());
  }, [left, dispatch]);

  const slot = t('banner.slot', {
    date: formatDate(reservation.fromDateTime, i18n.language),
    time: formatTime(reservation.fromDateTime),
  });
  // Screen readers hear the time at whole minutes only (WCAG 2.2.1 without chatter every second).
  const minutesLeft = Math.ceil(left / 60);
  let announcement = t('banner.announceMinutes', { count: minutesLeft });
  if (nearEnd)
    announcement = t(atMax ? 'banner.announceNoMoreExtension' : 'banner.announceExtend', {
      count: minutesLeft,
    });

  return (
    <Alert
      severity={nearEnd ? 'warning' : 'info'}
      sx={{ minHeight: BANNER_ROOM, alignItems: 'center', '& .MuiAlert-message': { flex: 1 } }}
      role="region"
      aria-label={t('banner.label')}
    >
      <Box
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'center',
          gap: 1,
          justifyContent: 'space-between',
        }}
      >
        <span>
          {slot}{' '}
          <span>
            {t('banner.timeLeft')}{' '}
            <Box component="strong" role="timer" sx={{ fontVariantNumeric: 'tabular-nums' }}>
              {formatCountdown(left)}
            </Box>
          </span>
        </span>
        {atMax && <span>{t('banner.noMoreExtension')}</span>}
        {left < EXTEND_OFFER_SECONDS && !atMax && (
          <Button
            size="small"
            variant="contained"
            color="warning"
            disabled={extending.isLoading}
            onClick={() => extend(reservation.id)}
          >
            {t('banner.extend')}
          </Button>
        )}
      </Box>
      <Box aria-live="polite" sx={visuallyHidden}>
        {announcement}
      </Box>
    </Alert>
  );
}
