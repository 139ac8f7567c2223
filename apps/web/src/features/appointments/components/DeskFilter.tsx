import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import type { Appointment } from '@balie/shared';
import { deskLabel } from '../status';

/** The filter value that shows every desk. */
export const ALL_DESKS = 'all';

type Desk = Appointment['desk'];

/** The desks the appointments are at, each once, in the order they first appear. */
export function desksOf(appointments: Appointment[]): Desk[] {
  const seen = new Map<number, Desk>();
  for (const a of appointments) if (!seen.has(a.desk.id)) seen.set(a.desk.id, a.desk);
  return [...seen.values()];
}

/** Whether an appointment passes the desk filter's value. */
export const atDesk = (a: Appointment, value: string) => value === ALL_DESKS || String(a.desk.id) === value;

/**
 * A desk select for the staff's day and calendar: every desk, or one by its agenda label. `failed`:
 * the desks could not be loaded, which the field says rather than look like a site without desks.
 */
export function DeskFilter({
  desks,
  value,
  onChange,
  failed = false,
}: {
  desks: Desk[];
  value: string;
  onChange: (value: string) => void;
  failed?: boolean;
}) {
  const { t } = useTranslation(['appointments', 'common']);
  return (
    <TextField
      select
      size="small"
      label={t('today.desk')}
      value={value}
      error={failed}
      {...(failed && { helperText: t('common:general.error') })}
      onChange={(e) => onChange(e.target.value)}
      sx={{ minWidth: 180 }}
    >
      <MenuItem value={ALL_DESKS}>{t('today.allDesks')}</MenuItem>
      {desks.map((d) => (
        <MenuItem key={d.id} value={String(d.id)}>
          {deskLabel(d)}
        </MenuItem>
      ))}
    </TextField>
  );
}
