import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { ProductCategory } from '@balie/shared';
import { applyServerErrors } from '../../../components/form/applyServerErrors';
import { FormSwitch } from '../../../components/form/FormSwitch';
import { FormTextField } from '../../../components/form/FormTextField';
import { NumberField } from '../../../components/form/NumberField';
import { useCanSubmit } from '../../../components/form/useCanSubmit';
import { Section } from '../../../components/Section';
import {
  PRODUCT_FIELDS,
  productFormSchema,
  TRANSLATION_LANGUAGES,
  type ProductFormValues,
} from './productForm';
import type { SaveResult } from '../../../components/notifier/useReportSave';

/** The numbers of a product, each explained under its field with an example (issue 17). */
const NUMBER_FIELDS = [
  { name: 'timeUnit', text: 'time_unit', min: 1, max: 1440, minutes: true },
  { name: 'extraTimeUnit', text: 'extra_time_unit', min: 0, max: 1440, minutes: true },
  { name: 'maxAmount', text: 'max_amount', min: 1, max: 100, minutes: false },
] as const;

/**
 * Every field of a product: the Dutch texts (required), the settings, and optional English and German
 * texts. `onSave` gets the checked values; the caller sends them and answers how it went.
 */
export function ProductForm({
  values,
  categories,
  submitLabel,
  onSave,
}: {
  values: ProductFormValues;
  categories: ProductCategory[];
  submitLabel: string;
  /** Saved, or the server's refusal (its field errors go under the fields). */
  onSave: (values: ProductFormValues) => Promise<SaveResult<unknown>>;
}) {
  const { t } = useTranslation('products');
  const { control, handleSubmit, reset, setError } = useForm({
    resolver: zodResolver(productFormSchema),
    mode: 'onBlur',
    values,
  });
  const canSubmit = useCanSubmit(control, productFormSchema);
  const onSubmit = handleSubmit(async (v) => {
    const outcome = await onSave(v);
    if (outcome.ok) reset(v);
    else applyServerErrors(outcome.error, PRODUCT_FIELDS, setError);
  });
  const minutes = t('minutes_unit');

  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-label={t('form_label')}>
      <Section title={t('texts_nl')}>
        <FormTextField control={control} name="title" label={t('field.title')} required />
        <FormTextField
          control={control}
          name="description"
          label={t('field.description')}
          multiline
          minRows={3}
        />
        <FormTextField
          control={control}
          name="notice"
          label={t('field.notice')}
          helperText={t('field.notice_hint')}
          multiline
          minRows={2}
        />
      </Section>
      <Section title={t('settings')}>
        <Controller
          control={control}
          name="categoryId"
          render={({ field }) => (
            <TextField
              select
              fullWidth
              margin="normal"
              label={t('category')}
              name={field.name}
              inputRef={field.ref}
              value={field.value === null ? '' : String(field.value)}
              onChange={(e) => field.onChange(e.target.value === '' ? null : Number(e.target.value))}
              onBlur={field.onBlur}
              // "No category" is a choice of its own, shown like any other.
              slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
            >
              <MenuItem value="">{t('no_category')}</MenuItem>
              {categories.map((c) => (
                <MenuItem key={c.id} value={String(c.id)}>
                  {c.name}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
        <Box sx={{ display: 'grid', gridTemplateColumns: { sm: '1fr 1fr 1fr' }, columnGap: 2 }}>
          {NUMBER_FIELDS.map((f) => (
            <NumberField
              key={f.name}
              control={control}
              name={f.name}
              label={t(f.text)}
              min={f.min}
              max={f.max}
              unit={f.minutes ? minutes : undefined}
              helperText={t(`${f.text}_hint`)}
            />
          ))}
        </Box>
        <FormSwitch control={control} name="active" label={t('active_switch')} />
      </Section>
      {TRANSLATION_LANGUAGES.map((language) => (
        <Section key={language} title={t(`texts_${language}`)}>
          <Typography color="text.secondary" variant="body2">
            {t('translation_hint')}
          </Typography>
          <Box>
            <FormTextField
              control={control}
              name={`${language}.title`}
              label={t('field_in', { field: t('field.title'), language: t(`language.${language}`) })}
            />
            <FormTextField
              control={control}
              name={`${language}.description`}
              label={t('field_in', { field: t('field.description'), language: t(`language.${language}`) })}
              multiline
              minRows={3}
            />
            <FormTextField
              control={control}
              name={`${language}.notice`}
              label={t('field_in', { field: t('field.notice'), language: t(`language.${language}`) })}
              multiline
              minRows={2}
            />
          </Box>
        </Section>
      ))}
      <Button type="submit" variant="contained" size="large" disabled={!canSubmit} sx={{ mb: 3 }}>
        {submitLabel}
      </Button>
    </Box>
  );
}
