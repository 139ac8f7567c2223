import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import type { LocationFilterState } from '../lib/useLocationFilter';

/** The filter value that shows every location. */
const ALL_LOCATIONS = 'all';

/**
 * The location select of the staff's day, calendar and list (decision 0343): every location, or one;
 * nothing while there is only one location. A choice is remembered, then `onChanged` lets the screen
 * drop what no longer fits (a desk of another location).
 */
export function LocationFilter({
  place,
  onChanged,
}: {
  place: LocationFilterState;
  onChanged?: (locationId: number | null) => void;
}) {
  const { t } = useTranslation('appointments');
  if (!place.several) return null;
  return (
    <TextField
      select
      size="small"
      label={t('filters.location')}
      value={place.locationId === null ? ALL_LOCATIONS : String(place.locationId)}
      onChange={(e) => {
        const id = e.target.value === ALL_LOCATIONS ? null : Number(e.target.value);
        place.setLocationId(id);
        onChanged?.(id);
      }}
      sx={{ minWidth: 200 }}
    >
      <MenuItem value={ALL_LOCATIONS}>{t('filters.allLocations')}</MenuItem>
      {place.locations.map((l) => (
        <MenuItem key={l.id} value={String(l.id)}>
          {l.name}
        </MenuItem>
      ))}
    </TextField>
  );
}
