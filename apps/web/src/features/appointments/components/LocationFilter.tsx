import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import type { Location } from '@balie/shared';

/** The filter value that shows every location. */
const ALL_LOCATIONS = 'all';

/** A location select for the staff's day, calendar and list: every location, or one. */
export function LocationFilter({
  locations,
  value,
  onChange,
}: {
  locations: Location[];
  value: number | null;
  onChange: (value: number | null) => void;
}) {
  const { t } = useTranslation('appointments');
  return (
    <TextField
      select
      size="small"
      label={t('filters.location')}
      value={value === null ? ALL_LOCATIONS : String(value)}
      onChange={(e) => onChange(e.target.value === ALL_LOCATIONS ? null : Number(e.target.value))}
      sx={{ minWidth: 200 }}
    >
      <MenuItem value={ALL_LOCATIONS}>{t('filters.allLocations')}</MenuItem>
      {locations.map((l) => (
        <MenuItem key={l.id} value={String(l.id)}>
          {l.name}
        </MenuItem>
      ))}
    </TextField>
  );
}
