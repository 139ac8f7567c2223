import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { COUNTDOWN_TICK_MS, EXTEND_OFFER_SECONDS, type Reservation } from '@balie/shared';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { HEADER_HEIGHT } from '../../../app/theme';
import { formatDate, formatTime } from '../../../lib/dates';
import { useExtendReservationMutation } from '../api/bookingApi';
import { formatCountdown, secondsUntil } from '../lib/countdown';
import { reservationExpired, selectReservationState } from '../store/reservationSlice';

// Pixel strings on purpose: in MUI's sx a bare `1` means 100 %.
const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  margin: '-1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

// Stays in view under the sticky top bar while the visitor scrolls a long list of slots or products.
const stickyBanner = {
  position: 'sticky',
  top: { xs: HEADER_HEIGHT.mobile, md: HEADER_HEIGHT.desktop },
  zIndex: 1000,
  borderRadius: 0,
} as const;

/**
 * The reservation countdown of spec §2, rendered by the public layout on /new: the held slot and mm:ss
 * left, ticking every second; 'extend' under two minutes; 'Reservation expired.' at the end.
 */
export default function ReservationBanner() {
  const { reservation, expired } = useAppSelector(selectReservationState);
  const { t } = useTranslation('booking');
  if (reservation)
    return <Countdown key={`${reservation.id}@${reservation.validTill}`} reservation={reservation} />;
  if (expired) {
    return (
      <Alert severity="warning" role="alert" sx={stickyBanner}>
        {t('banner.expired')}
      </Alert>
    );
  }
  return null;
}

function Countdown({ reservation }: { reservation: Reservation }) {
  const { t, i18n } = useTranslation('booking');
  const dispatch = useAppDispatch();
  const [now, setNow] = useState(() => Date.now());
  const [extend, extending] = useExtendReservationMutation();
  const left = secondsUntil(reservation.validTill, now);

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
  const announcement =
    left <= EXTEND_OFFER_SECONDS
      ? t('banner.announceExtend', { count: minutesLeft })
      : t('banner.announceMinutes', { count: minutesLeft });

  return (
    <Alert
      severity={left <= EXTEND_OFFER_SECONDS ? 'warning' : 'info'}
      sx={{ ...stickyBanner, alignItems: 'center', '& .MuiAlert-message': { flex: 1 } }}
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
        {left < EXTEND_OFFER_SECONDS && (
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
