import { Controller, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { useTranslation } from 'react-i18next';
import { FormTextField } from '../form/FormTextField';
import { useCanSubmit } from '../form/useCanSubmit';
import { TimeOfDayField } from '../form/TimeOfDayField';
import {
  closureFormSchema,
  closureRangeFormSchema,
  type ClosureRange,
  type ClosureRangeFormValues,
} from './closureForm';

const EMPTY: ClosureRangeFormValues = {
  date: '',
  lastDate: '',
  type: 'whole_day',
  from: '',
  until: '',
  reason: '',
};

/**
 * Adds a closure: a whole day, or part of a day from–until; with a reason. With `range` (closures of
 * several desks, POST /closures) also for every day through a last date (decision 0433).
 */
export function ClosureForm({
  onAdd,
  range = false,
}: {
  onAdd: (closure: ClosureRange) => Promise<boolean>;
  range?: boolean;
}) {
  const { t } = useTranslation('desks');
  const schema = range ? closureRangeFormSchema : closureFormSchema;
  const { control, handleSubmit, reset } = useForm<ClosureRangeFormValues, unknown, ClosureRange>({
    resolver: zodResolver(schema as typeof closureRangeFormSchema),
    mode: 'onBlur',
    defaultValues: EMPTY,
  });
  const canSubmit = useCanSubmit(control, schema);
  const partial = useWatch({ control, name: 'type' }) === 'partial';
  const onSubmit = handleSubmit(async (closure) => {
    if (await onAdd(closure)) reset(EMPTY);
  });
  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-label={t('closure.add_title')}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 2, alignItems: 'flex-start' }}>
        <FormTextField
          control={control}
          name="date"
          type="date"
          label={t('closure.date')}
          slotProps={{ inputLabel: { shrink: true } }}
          sx={{ maxWidth: 200 }}
        />
        {range && (
          <FormTextField
            control={control}
            name="lastDate"
            type="date"
            label={t('closure.last_date')}
            helperText={t('closure.last_date_hint')}
            slotProps={{ inputLabel: { shrink: true } }}
            sx={{ maxWidth: 220 }}
          />
        )}
        <Controller
          control={control}
          name="type"
          render={({ field }) => (
            <RadioGroup
              row
              aria-label={t('closure.type')}
              value={field.value}
              onChange={(e) => field.onChange(e.target.value)}
              sx={{ mt: 2.5 }}
            >
              <FormControlLabel value="whole_day" control={<Radio />} label={t('closure.whole_day')} />
              <FormControlLabel value="partial" control={<Radio />} label={t('closure.partial')} />
            </RadioGroup>
          )}
        />
      </Box>
      {partial && (
        <Box sx={{ display: 'flex', gap: 2 }}>
          <TimeOfDayField control={control} name="from" label={t('closure.from')} />
          <TimeOfDayField control={control} name="until" label={t('closure.until')} />
        </Box>
      )}
      <FormTextField control={control} name="reason" label={t('closure.reason')} />
      <Button type="submit" variant="outlined" disabled={!canSubmit} sx={{ mt: 1 }}>
        {t('closure.add')}
      </Button>
    </Box>
  );
}
