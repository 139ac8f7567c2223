import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { applyServerErrors } from '../../../components/form/applyServerErrors';
import { FormSwitch } from '../../../components/form/FormSwitch';
import { FormTextField } from '../../../components/form/FormTextField';
import { NumberField } from '../../../components/form/NumberField';
import { useCanSubmit } from '../../../components/form/useCanSubmit';
import { Section } from '../../../components/Section';
import {
  LOCATION_FIELDS,
  locationFormSchema,
  NOTICE_LANGUAGES,
  type LocationFormValues,
} from './locationForm';

/** How a save went: taken, or refused (with the server's answer, whose field errors go under the fields). */
export type LocationSaveOutcome = { ok: true } | { ok: false; error?: unknown };

/**
 * Every field of a location: name, address and phone, its place in the list, whether visitors can book
 * there, and the notice for visitors in Dutch with optional English and German.
 */
export function LocationForm({
  values,
  submitLabel,
  onSave,
}: {
  values: LocationFormValues;
  submitLabel: string;
  onSave: (values: LocationFormValues) => Promise<LocationSaveOutcome>;
}) {
  const { t } = useTranslation('locations');
  const { control, handleSubmit, reset, setError } = useForm({
    resolver: zodResolver(locationFormSchema),
    mode: 'onBlur',
    values,
  });
  const canSubmit = useCanSubmit(control, locationFormSchema);
  const onSubmit = handleSubmit(async (v) => {
    const outcome = await onSave(v);
    if (outcome.ok) reset(v);
    else if (outcome.error) applyServerErrors(outcome.error, LOCATION_FIELDS, setError);
  });
  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-label={t('form_label')}>
      <Section title={t('details')}>
        <FormTextField control={control} name="name" label={t('field.name')} required />
        <FormTextField control={control} name="street" label={t('field.street')} autoComplete="off" />
        <Box sx={{ display: 'grid', gridTemplateColumns: { sm: '1fr 2fr' }, columnGap: 2 }}>
          <FormTextField control={control} name="postcode" label={t('field.postcode')} autoComplete="off" />
          <FormTextField control={control} name="city" label={t('field.city')} autoComplete="off" />
        </Box>
        <Box sx={{ display: 'grid', gridTemplateColumns: { sm: '2fr 1fr' }, columnGap: 2 }}>
          <FormTextField
            control={control}
            name="phone"
            label={t('field.phone')}
            type="tel"
            autoComplete="off"
          />
          <NumberField
            control={control}
            name="position"
            label={t('field.position')}
            min={0}
            max={10000}
            helperText={t('field.position_hint')}
          />
        </Box>
        <FormSwitch control={control} name="active" label={t('active_switch')} />
      </Section>
      <Section title={t('notice_title')}>
        <Typography color="text.secondary" variant="body2">
          {t('notice_hint')}
        </Typography>
        <FormTextField control={control} name="notice" label={t('field.notice_nl')} multiline minRows={2} />
        {NOTICE_LANGUAGES.map((language) => (
          <FormTextField
            key={language}
            control={control}
            name={language}
            label={t(`field.notice_${language}`)}
            multiline
            minRows={2}
          />
        ))}
      </Section>
      <Button type="submit" variant="contained" size="large" disabled={!canSubmit} sx={{ mb: 3 }}>
        {submitLabel}
      </Button>
    </Box>
  );
}
