import { useFieldArray, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import Add from '@mui/icons-material/Add';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import { useTranslation } from 'react-i18next';
import { FormTextField } from '../../../components/form/FormTextField';
import { useCanSubmit } from '../../../components/form/useCanSubmit';
import { PercentField } from './PercentField';
import { overflowFormSchema, type OverflowFormValues } from './schemas';

const PARTS = ['morning', 'afternoon', 'evening'] as const;

/** Overflow percentages per day part (DESIGN §4) and the date ranges that override them. */
export function OverflowForm({
  values,
  onSave,
}: {
  values: OverflowFormValues;
  onSave: (values: OverflowFormValues) => Promise<boolean>;
}) {
  const { t } = useTranslation('desks');
  const { control, handleSubmit, reset } = useForm({
    resolver: zodResolver(overflowFormSchema),
    mode: 'onBlur',
    values,
  });
  const periods = useFieldArray({ control, name: 'overflowPeriods' });
  const canSubmit = useCanSubmit(control, overflowFormSchema);
  const onSubmit = handleSubmit(async (v) => {
    if (await onSave(v)) reset(v);
  });
  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-label={t('overflow.title')}>
      <Typography color="text.secondary" id="overflow-help">
        {t('overflow.help')}
      </Typography>
      <Box
        sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 2 }}
        role="group"
        aria-label={t('overflow.defaults')}
      >
        {PARTS.map((part) => (
          <PercentField
            key={part}
            control={control}
            name={`overflow.${part}`}
            label={t(`overflow.${part}`)}
          />
        ))}
      </Box>
      <Typography variant="subtitle2" component="h4" sx={{ mt: 2 }}>
        {t('overflow.periods')}
      </Typography>
      {periods.fields.length === 0 && (
        <Typography color="text.secondary">{t('overflow.no_periods')}</Typography>
      )}
      {periods.fields.map((f, i) => (
        <Box
          key={f.id}
          role="group"
          aria-label={t('overflow.period_n', { n: i + 1 })}
          sx={{
            display: 'flex',
            flexWrap: 'wrap',
            columnGap: 2,
            alignItems: 'flex-start',
            borderBottom: 1,
            borderColor: 'divider',
          }}
        >
          {(['from', 'until'] as const).map((edge) => (
            <FormTextField
              key={edge}
              control={control}
              name={`overflowPeriods.${i}.${edge}`}
              type="date"
              size="small"
              label={t(`overflow.${edge}`)}
              slotProps={{ inputLabel: { shrink: true } }}
              sx={{ width: 170 }}
            />
          ))}
          {PARTS.map((part) => (
            <PercentField
              key={part}
              control={control}
              name={`overflowPeriods.${i}.${part}`}
              label={t(`overflow.${part}`)}
            />
          ))}
          <IconButton
            aria-label={t('overflow.remove_period', { n: i + 1 })}
            onClick={() => periods.remove(i)}
            sx={{ mt: 2 }}
          >
            <DeleteOutlined />
          </IconButton>
        </Box>
      ))}
      <Button
        startIcon={<Add />}
        size="small"
        sx={{ mt: 1 }}
        onClick={() => periods.append({ from: '', until: '', morning: 0, afternoon: 0, evening: 0 })}
      >
        {t('overflow.add_period')}
      </Button>
      <Box sx={{ mt: 2 }}>
        <Button type="submit" variant="contained" disabled={!canSubmit}>
          {t('overflow.save')}
        </Button>
      </Box>
    </Box>
  );
}
