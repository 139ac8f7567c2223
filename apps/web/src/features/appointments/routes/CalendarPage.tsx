import Alert from '@mui/material/Alert';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../../components/PageFrame';
import { useHasRole } from '../../../session/useCurrentUser';
import { useListAppointmentsQuery } from '../api/appointmentsApi';
import { AppointmentDetailsDialog } from '../components/AppointmentDetailsDialog';
import { AppointmentsCalendar } from '../components/AppointmentsCalendar';
import Box from '@mui/material/Box';
import { ALL_DESKS, atDesk, DeskFilter, desksOf } from '../components/DeskFilter';
import { LocationFilter } from '../components/LocationFilter';
import { useLocationFilter } from '../lib/useLocationFilter';
import { deskLabel } from '../status';

/**
 * /calendar in month, week or list view. Users: their own appointments; a click opens the change screen.
 * Staff (admins too): every desk's, titled with the desk's agenda label and the visitor's name, filtered
 * by location (when there are several) and desk; a click opens the details with check-in. Events name
 * their location while more than one is shown.
 */
export default function CalendarPage() {
  const { t } = useTranslation('appointments');
  const staff = useHasRole('ROLE_STAFF');
  // The visible range, reported by the calendar once it has rendered; only that range is fetched.
  const [range, setRange] = useState<{ from: string; until: string } | null>(null);
  const place = useLocationFilter();
  const locationId = staff ? place.locationId : null;
  const query = useListAppointmentsQuery(
    { showCanceled: false, ...(range ?? {}), ...(locationId ? { locationId } : {}) },
    { skip: range === null || !place.ready },
  );
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
      actions={
        staff && (
          <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
            <LocationFilter place={place} onChanged={() => setDesk(ALL_DESKS)} />
            <DeskFilter desks={desks} value={desk} onChange={setDesk} />
          </Box>
        )
      }
    >
      {query.isError && <Alert severity="error">{t('errors.generic')}</Alert>}
      <AppointmentsCalendar
        appointments={shown}
        showLocation={place.several && locationId === null}
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
