import { useState } from 'react';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { dutchPublicHolidays, type GlobalClosure, type PublicHoliday } from '@balie/shared';
import { formatDate } from '../../lib/dates';
import { nowInProviderZone } from '../../lib/providerZone';

/** A day of the list: the holiday, and whether the chosen desks are closed that whole day already. */
interface Row {
  holiday: PublicHoliday;
  closed: boolean;
}

/**
 * "Add public holidays": the Dutch public holidays still to come this year or next, each with a checkbox;
 * days already closed for the whole day (for these desks, or for every desk) are marked and cannot be
 * chosen again. `onAdd` gets the chosen days with the holiday's name, in the admin's language, as reason.
 */
export function HolidaysDialog({
  open,
  closures,
  locationId,
  onAdd,
  onClose,
}: {
  open: boolean;
  closures: readonly GlobalClosure[];
  /** The desks the closures are for: one location's, or null for every desk. */
  locationId: number | null;
  onAdd: (days: Array<{ date: string; reason: string }>) => Promise<boolean>;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation(['desks', 'common']);
  const today = nowInProviderZone().toISODate() ?? '';
  const thisYear = Number(today.slice(0, 4));
  const years = [thisYear, thisYear + 1];
  const rowsOf = (year: number): Row[] =>
    dutchPublicHolidays(year)
      .filter((h) => h.date >= today)
      .map((holiday) => ({
        holiday,
        closed: closures.some(
          (c) =>
            c.date === holiday.date &&
            c.type === 'whole_day' &&
            (c.locationId === null || c.locationId === locationId),
        ),
      }));
  // The first year with days still to come (after Christmas that is next year).
  const [year, setYear] = useState(() => years.find((y) => rowsOf(y).length > 0) ?? thisYear + 1);
  const rows = rowsOf(year);
  const open_ = (list: Row[]) => list.filter((r) => !r.closed).map((r) => r.holiday.date);
  const [chosen, setChosen] = useState<Set<string>>(() => new Set(open_(rows)));
  const [busy, setBusy] = useState(false);
  const language = (['nl', 'en', 'de'] as const).find((l) => i18n.language.startsWith(l)) ?? 'nl';

  const chooseYear = (next: number) => {
    setYear(next);
    setChosen(new Set(open_(rowsOf(next))));
  };
  const toggle = (date: string) =>
    setChosen((s) => {
      const next = new Set(s);
      if (!next.delete(date)) next.add(date);
      return next;
    });
  const add = async () => {
    setBusy(true);
    const days = rows
      .filter((r) => !r.closed && chosen.has(r.holiday.date))
      .map((r) => ({ date: r.holiday.date, reason: r.holiday.name[language] }));
    const done = await onAdd(days);
    setBusy(false);
    if (done) onClose();
  };
  const count = rows.filter((r) => !r.closed && chosen.has(r.holiday.date)).length;

  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="holidays-title" fullWidth maxWidth="sm">
      <DialogTitle id="holidays-title">{t('closure.holidays_title')}</DialogTitle>
      <DialogContent>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t('closure.holidays_hint')}
        </Typography>
        <ToggleButtonGroup
          exclusive
          size="small"
          value={year}
          onChange={(_e, y: number | null) => y !== null && chooseYear(y)}
          aria-label={t('closure.holidays_year')}
          sx={{ mb: 1 }}
        >
          {years.map((y) => (
            <ToggleButton key={y} value={y}>
              {y}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
        {rows.length === 0 ? (
          <Typography color="text.secondary">{t('closure.holidays_none')}</Typography>
        ) : (
          <FormGroup aria-label={t('closure.holidays_list')} role="group">
            {rows.map(({ holiday, closed }) => (
              <FormControlLabel
                key={holiday.date}
                disabled={closed}
                control={
                  <Checkbox
                    checked={!closed && chosen.has(holiday.date)}
                    onChange={() => toggle(holiday.date)}
                  />
                }
                label={`${holiday.name[language]} · ${formatDate(holiday.date)}${closed ? ` · ${t('closure.holidays_closed')}` : ''}`}
              />
            ))}
          </FormGroup>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common:action.cancel')}</Button>
        <Button variant="contained" disabled={count === 0 || busy} onClick={() => void add()}>
          {t('closure.holidays_add', { count })}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
