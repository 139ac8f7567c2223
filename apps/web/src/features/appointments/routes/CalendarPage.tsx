import Alert from '@mui/material/Alert';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../../components/PageFrame';
import { useListAppointmentsQuery } from '../api/appointmentsApi';
import { AppointmentsCalendar } from '../components/AppointmentsCalendar';

/** /calendar: the user's appointments in month, week or list view; a click opens the change screen. */
export default function CalendarPage() {
  const { t } = useTranslation('appointments');
  // The visible range, reported by the calendar once it has rendered; only that range is fetched.
  const [range, setRange] = useState<{ from: string; until: string } | null>(null);
  const query = useListAppointmentsQuery({ showCanceled: false, ...(range ?? {}) }, { skip: range === null });

  return (
    <PageFrame title={t('calendar.heading')}>
      {query.isError && <Alert severity="error">{t('errors.generic')}</Alert>}
      <AppointmentsCalendar
        appointments={query.data ?? []}
        onRangeChange={(next) =>
          setRange((current) =>
            current?.from === next.from && current.until === next.until ? current : next,
          )
        }
      />
    </PageFrame>
  );
}
