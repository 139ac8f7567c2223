import Alert from '@mui/material/Alert';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../../components/PageFrame';
import { useHasRole } from '../../../session/useCurrentUser';
import { useListAppointmentsQuery } from '../api/appointmentsApi';
import { AppointmentDetailsDialog } from '../components/AppointmentDetailsDialog';
import { AppointmentsCalendar } from '../components/AppointmentsCalendar';
import { ALL_DESKS, atDesk, DeskFilter, desksOf } from '../components/DeskFilter';
import { deskLabel } from '../status';

/**
 * /calendar in month, week or list view. Users: their own appointments; a click opens the change screen.
 * Staff (admins too): every desk's, titled with the desk's agenda label and the visitor's name, filtered by desk; a
 * click opens the details with check-in.
 */
export default function CalendarPage() {
  const { t } = useTranslation('appointments');
  const staff = useHasRole('ROLE_STAFF');
  // The visible range, reported by the calendar once it has rendered; only that range is fetched.
  const [range, setRange] = useState<{ from: string; until: string } | null>(null);
  const query = useListAppointmentsQuery({ showCanceled: false, ...(range ?? {}) }, { skip: range === null });
  const [desk, setDesk] = useState(ALL_DESKS);
  const [openId, setOpenId] = useState<number | null>(null);

  const all = useMemo(() => query.data ?? [], [query.data]);
  const desks = useMemo(() => desksOf(all).sort((x, y) => deskLabel(x).localeCompare(deskLabel(y))), [all]);
  const shown = all.filter((a) => atDesk(a, desk));
  // Looked up by id, so the dialog shows the state after a check-in refetch.
  const opened = all.find((a) => a.id === openId) ?? null;

  return (
    <PageFrame
      title={t('calendar.heading')}
      actions={staff && <DeskFilter desks={desks} value={desk} onChange={setDesk} />}
    >
      {query.isError && <Alert severity="error">{t('errors.generic')}</Alert>}
      <AppointmentsCalendar
        appointments={shown}
        onOpen={staff ? (a) => setOpenId(a.id) : undefined}
        onRangeChange={(next) =>
          setRange((current) =>
            current?.from === next.from && current.until === next.until ? current : next,
          )
        }
      />
      <AppointmentDetailsDialog appointment={opened} onClose={() => setOpenId(null)} />
    </PageFrame>
  );
}
