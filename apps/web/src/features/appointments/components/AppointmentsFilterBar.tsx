import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { AnySelectField } from '../../../components/form/AnySelectField';
import { DateRangeFields } from '../../../components/form/DateRangeFields';
import { APPOINTMENT_STATUSES } from '@balie/shared';
import { useGetDesksQuery } from '../../../components/desks/deskListApi';
import type { AppointmentsFilter } from '../api/appointmentsApi';
import { ALL_DESKS, DeskFilter } from './DeskFilter';
import { LocationFilter } from './LocationFilter';
import type { LocationFilterState } from '../lib/useLocationFilter';

/**
 * Staff's filters of /appointments: state, date range, location (when there are several), desk (of that
 * location) and a name / e-mail / phone / code search.
 */
export function AppointmentsFilterBar({
  filter,
  onChange,
  place,
}: {
  filter: AppointmentsFilter;
  onChange: (next: AppointmentsFilter) => void;
  place: LocationFilterState;
}) {
  const { t } = useTranslation('appointments');
  const set = (patch: AppointmentsFilter) => onChange({ ...filter, ...patch });
  // Every desk, not only those on the page shown; while they load the filter offers "all desks".
  const desks = useGetDesksQuery();
  const { locationId } = place;
  const offered = (desks.data ?? []).filter((d) => locationId === null || d.locationId === locationId);
  return (
    <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
      <AnySelectField
        label={t('filters.status')}
        anyLabel={t('filters.anyStatus')}
        value={filter.status}
        options={APPOINTMENT_STATUSES}
        optionLabel={(s) => t(`status.${s}`)}
        onChange={(status) => set({ status })}
        sx={{ minWidth: 170 }}
      />
      <DateRangeFields
        value={filter}
        labels={{ from: t('filters.from'), until: t('filters.until') }}
        onChange={set}
      />
      <LocationFilter
        place={place}
        onChanged={(id) => {
          // A desk of another location would leave the list empty.
          const desk = desks.data?.find((d) => d.id === filter.deskId);
          set({ deskId: desk && (id === null || desk.locationId === id) ? desk.id : undefined });
        }}
      />
      <DeskFilter
        desks={offered}
        failed={desks.isError}
        value={filter.deskId === undefined ? ALL_DESKS : String(filter.deskId)}
        onChange={(value) => set({ deskId: value === ALL_DESKS ? undefined : Number(value) })}
      />
      <TextField
        type="search"
        size="small"
        label={t('filters.search')}
        value={filter.search ?? ''}
        onChange={(e) => set({ search: e.target.value || undefined })}
        sx={{ flex: '1 1 18rem', maxWidth: 420 }}
      />
    </Box>
  );
}
