import { useFieldArray, useForm, useWatch, type Control, type UseFormTrigger } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import Add from '@mui/icons-material/Add';
import ContentCopy from '@mui/icons-material/ContentCopy';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import { Info } from 'luxon';
import { useTranslation } from 'react-i18next';
import { useCanSubmit } from '../../../components/form/useCanSubmit';
import { localeOf } from '../../../lib/i18n';
import { TimeOfDayField } from '../../../components/form/TimeOfDayField';
import type { Desk } from '@balie/shared';
import { weekFormSchema, weekOf, type WeekFormValues } from './schemas';

/** Monday–Friday in the form's days (Monday first): where "copy to Mon–Fri" puts a day's periods. */
const WORKDAYS = [0, 1, 2, 3, 4];

/** A new interval starts where the day's last one ends (one hour long), or 09:00–17:00 on a closed day. */
function nextInterval(last: { closes: string } | undefined) {
  if (!last || !/^\d\d:\d\d$/.test(last.closes)) return { opens: '09:00', closes: '17:00' };
  const [h, m] = last.closes.split(':').map(Number) as [number, number];
  const end = Math.min(h * 60 + m + 60, 24 * 60 - 1);
  const hhmm = (min: number) =>
    `${String(Math.floor(min / 60)).padStart(2, '0')}:${String(min % 60).padStart(2, '0')}`;
  return { opens: last.closes, closes: hhmm(end) };
}

function DayRow({
  day,
  name,
  control,
  trigger,
  onCopyToWorkdays,
}: {
  day: number;
  name: string;
  control: Control<WeekFormValues>;
  trigger: UseFormTrigger<WeekFormValues>;
  onCopyToWorkdays: () => void;
}) {
  const { t } = useTranslation('desks');
  const { fields, append, remove } = useFieldArray({ control, name: `days.${day}.intervals` });
  const intervals = useWatch({ control, name: `days.${day}.intervals` });
  // An overlap is reported on the later interval; check the whole day when any of its times is left.
  const checkDay = () => void trigger(`days.${day}.intervals`);
  return (
    <Box
      role="group"
      aria-label={name}
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', md: '9rem 1fr' },
        alignItems: 'start',
        gap: 1,
        py: 1.5,
        borderBottom: 1,
        borderColor: 'divider',
      }}
    >
      <Typography sx={{ fontWeight: 600, pt: { md: 2.5 } }}>{name}</Typography>
      <Box>
        {fields.length === 0 && (
          <Typography color="text.secondary" sx={{ py: { md: 2.5 } }}>
            {t('hours.closed')}
          </Typography>
        )}
        {fields.map((f, i) => (
          <Box key={f.id} sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }} onBlur={checkDay}>
            {(['opens', 'closes'] as const).map((edge) => (
              <TimeOfDayField
                key={edge}
                control={control}
                name={`days.${day}.intervals.${i}.${edge}`}
                label={t(`hours.${edge}`)}
                ariaLabel={t(`hours.${edge}_of`, { day: name, n: i + 1 })}
                size="small"
              />
            ))}
            <IconButton
              aria-label={t('hours.remove', { day: name, n: i + 1 })}
              onClick={() => remove(i)}
              sx={{ mt: 2 }}
            >
              <DeleteOutlined />
            </IconButton>
          </Box>
        ))}
        <Button
          startIcon={<Add />}
          size="small"
          onClick={() => append(nextInterval(intervals.at(-1)))}
          aria-label={t('hours.add_to', { day: name })}
        >
          {t('hours.add')}
        </Button>
        <Button
          startIcon={<ContentCopy />}
          size="small"
          onClick={onCopyToWorkdays}
          aria-label={t('hours.copy_weekdays_of', { day: name })}
        >
          {t('hours.copy_weekdays')}
        </Button>
      </Box>
    </Box>
  );
}

/**
 * Opening hours as a week grid (Monday–Sunday), one or more intervals a day; no interval = closed.
 * A day's periods can be copied to Monday–Friday (the working week: copying to every day would open
 * weekends few desks keep), and another desk's week can replace the grid. Both only change the form:
 * nothing is stored until the admin saves, as with any edit.
 */
export function WeekHoursForm({
  values,
  onSave,
  otherDesks = [],
}: {
  values: WeekFormValues;
  onSave: (values: WeekFormValues) => Promise<boolean>;
  otherDesks?: Pick<Desk, 'id' | 'name' | 'openingHours'>[];
}) {
  const { t, i18n } = useTranslation('desks');
  const weekdays = Info.weekdays('long', { locale: localeOf(i18n.language) });
  const { control, handleSubmit, reset, trigger, getValues, setValue } = useForm({
    resolver: zodResolver(weekFormSchema),
    mode: 'onBlur',
    values,
  });
  const canSubmit = useCanSubmit(control, weekFormSchema);
  const onSubmit = handleSubmit(async (v) => {
    if (await onSave(v)) reset(v);
  });
  const setDay = (day: number, intervals: WeekFormValues['days'][number]['intervals']) =>
    setValue(
      `days.${day}.intervals`,
      intervals.map((i) => ({ ...i })),
      { shouldDirty: true, shouldValidate: true },
    );
  const copyToWorkdays = (from: number) => {
    const intervals = getValues(`days.${from}.intervals`);
    for (const day of WORKDAYS) if (day !== from) setDay(day, intervals);
  };
  const copyFrom = (deskId: number) => {
    const desk = otherDesks.find((d) => d.id === deskId);
    if (desk) weekOf(desk.openingHours).days.forEach((d, day) => setDay(day, d.intervals));
  };
  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-label={t('opening_hours')}>
      {otherDesks.length > 0 && (
        // An action, not a setting: it shows no choice afterwards, the copied hours show in the grid.
        <TextField
          select
          size="small"
          label={t('hours.copy_from')}
          value=""
          onChange={(e) => copyFrom(Number(e.target.value))}
          helperText={t('hours.copy_from_hint')}
          sx={{ minWidth: { xs: '100%', sm: 320 }, mb: 1 }}
        >
          {otherDesks.map((d) => (
            <MenuItem key={d.id} value={d.id}>
              {d.name}
            </MenuItem>
          ))}
        </TextField>
      )}
      {weekdays.map((name, day) => (
        <DayRow
          key={name}
          day={day}
          name={name}
          control={control}
          trigger={trigger}
          onCopyToWorkdays={() => copyToWorkdays(day)}
        />
      ))}
      <Box sx={{ mt: 2 }}>
        <Button type="submit" variant="contained" disabled={!canSubmit}>
          {t('hours.save')}
        </Button>
      </Box>
    </Box>
  );
}
