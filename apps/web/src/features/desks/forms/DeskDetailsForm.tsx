import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { FormSwitch } from '../../../components/form/FormSwitch';
import { FormTextField } from '../../../components/form/FormTextField';
import { useCanSubmit } from '../../../components/form/useCanSubmit';
import { deskDetailsFormSchema, type DeskDetailsFormValues } from './schemas';

/** Name, agenda label and active flag of a desk; `onSave` answers whether the server took them. */
export function DeskDetailsForm({
  values,
  submitLabel,
  onSave,
}: {
  values: DeskDetailsFormValues;
  submitLabel: string;
  onSave: (values: DeskDetailsFormValues) => Promise<boolean>;
}) {
  const { t } = useTranslation('desks');
  const { control, handleSubmit, reset } = useForm({
    resolver: zodResolver(deskDetailsFormSchema),
    mode: 'onBlur',
    values,
  });
  const canSubmit = useCanSubmit(control, deskDetailsFormSchema);
  const onSubmit = handleSubmit(async (v) => {
    if (await onSave(v)) reset(v);
  });
  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-label={t('details')}>
      <Box sx={{ display: 'grid', gridTemplateColumns: { sm: '2fr 1fr' }, columnGap: 2 }}>
        <FormTextField control={control} name="name" label={t('name')} required />
        <FormTextField control={control} name="label" emptyAsNull label={t('label')} />
      </Box>
      <FormSwitch control={control} name="active" label={t('active_switch')} />
      <Box sx={{ mt: 2 }}>
        <Button type="submit" variant="contained" disabled={!canSubmit}>
          {submitLabel}
        </Button>
      </Box>
    </Box>
  );
}
