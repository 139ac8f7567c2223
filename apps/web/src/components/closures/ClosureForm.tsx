import { Controller, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import type { ClosureInput } from '@balie/shared';
import { useTranslation } from 'react-i18next';
import { FormTextField } from '../form/FormTextField';
import { useCanSubmit } from '../form/useCanSubmit';
import { TimeOfDayField } from '../form/TimeOfDayField';
import { closureFormSchema, type ClosureFormValues } from './closureForm';

const EMPTY: ClosureFormValues = { date: '', type: 'whole_day', from: '', until: '', reason: '' };

/** Adds a closure: a whole day, or part of a day from–until; with a reason. */
export function ClosureForm({ onAdd }: { onAdd: (closure: ClosureInput) => Promise<boolean> }) {
  const { t } = useTranslation('desks');
  const { control, handleSubmit, reset } = useForm<ClosureFormValues, unknown, ClosureInput>({
    resolver: zodResolver(closureFormSchema),
    mode: 'onBlur',
    defaultValues: EMPTY,
  });
  const canSubmit = useCanSubmit(control, closureFormSchema);
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
