import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import type { AdminLocation } from '@balie/shared';
import { FormSwitch } from '../../../components/form/FormSwitch';
import { FormTextField } from '../../../components/form/FormTextField';
import { useCanSubmit } from '../../../components/form/useCanSubmit';
import { deskDetailsFormSchema, type DeskDetailsFormValues } from './schemas';

/** Name, agenda label, location and active flag of a desk; `onSave` answers whether the server took them. */
export function DeskDetailsForm({
  values,
  locations,
  submitLabel,
  onSave,
}: {
  values: DeskDetailsFormValues;
  /** Every location, inactive ones too (a desk may wait in one that is not open yet). */
  locations: AdminLocation[];
  submitLabel: string;
  onSave: (values: DeskDetailsFormValues) => Promise<boolean>;
}) {
  const { t } = useTranslation(['desks', 'common']);
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
      <Controller
        control={control}
        name="locationId"
        render={({ field }) => (
          <TextField
            select
            fullWidth
            margin="normal"
            label={t('location')}
            name={field.name}
            inputRef={field.ref}
            value={String(field.value)}
            onChange={(e) => field.onChange(Number(e.target.value))}
            onBlur={field.onBlur}
            helperText={t('location_hint')}
          >
            {locations.map((l) => (
              <MenuItem key={l.id} value={String(l.id)}>
                {l.active ? l.name : t('location_inactive', { name: l.name })}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
      <FormSwitch control={control} name="active" label={t('active_switch')} />
      <Box sx={{ mt: 2 }}>
        <Button type="submit" variant="contained" disabled={!canSubmit}>
          {submitLabel}
        </Button>
      </Box>
    </Box>
  );
}
