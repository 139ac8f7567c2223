import { DateTime } from 'luxon';
import { useMemo } from 'react';
import { AdapterLuxon } from '@mui/x-date-pickers/AdapterLuxon';
import { DateCalendar } from '@mui/x-date-pickers/DateCalendar';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { deDE, enUS, nlNL } from '@mui/x-date-pickers/locales';
import { BOOKING_WINDOW_MONTHS, PROVIDER_TIMEZONE } from '@balie/shared';
import { localeOf } from '../../lib/i18n';

export interface AvailableDateCalendarProps {
  /** YYYY-MM-DD days the server reports as bookable. */
  availableDays: readonly string[];
  loading: boolean;
  loadingText: string;
  value: string | null;
  onChange: (date: string) => void;
  language: string;
}

const pickerTexts = { nl: nlNL, en: enUS, de: deDE } as const;

/**
 * The month calendar of spec §2, in its own chunk (MUI X is heavy; /new must paint fast). It runs in the
 * provider's zone: "today", the window end and every day are Amsterdam days whatever the browser's zone.
 */
export default function AvailableDateCalendar(props: AvailableDateCalendarProps) {
  const { availableDays, loading, loadingText, value, onChange, language } = props;
  const available = useMemo(() => new Set(availableDays), [availableDays]);
  const firstAvailable = useMemo(() => [...availableDays].sort()[0] ?? null, [availableDays]);
  const today = DateTime.now().setZone(PROVIDER_TIMEZONE).startOf('day');
  // The latest selectable day is the same day three months ahead (up to 23:00 on it, spec §2).
  const lastDay = today.plus({ months: BOOKING_WINDOW_MONTHS }).set({ hour: 23 });
  const short = language.slice(0, 2) as keyof typeof pickerTexts;
  const texts = (pickerTexts[short] ?? nlNL).components.MuiLocalizationProvider.defaultProps.localeText;

  return (
    <LocalizationProvider dateAdapter={AdapterLuxon} adapterLocale={localeOf(language)} localeText={texts}>
      <DateCalendar
        // MUI makes only its "focused" day tabbable; if that is today and today is not bookable, the grid
        // has no tab stop at all. Start on the first bookable day (remounting once the days have loaded).
        key={firstAvailable ?? 'loading'}
        referenceDate={
          firstAvailable ? DateTime.fromISO(firstAvailable, { zone: PROVIDER_TIMEZONE }) : undefined
        }
        timezone={PROVIDER_TIMEZONE}
        views={['day']}
        value={value ? DateTime.fromISO(value, { zone: PROVIDER_TIMEZONE }) : null}
        onChange={(day) => {
          const iso = day?.setZone(PROVIDER_TIMEZONE).toISODate();
          if (iso) onChange(iso);
        }}
        disablePast
        minDate={today}
        maxDate={lastDay}
        shouldDisableDate={(day) => !available.has(day.setZone(PROVIDER_TIMEZONE).toISODate() ?? '')}
        loading={loading}
        renderLoading={() => <span role="status">{loadingText}</span>}
        sx={{ mx: 0, width: '100%', maxWidth: 360 }}
      />
    </LocalizationProvider>
  );
}
