import { useController, type Control } from 'react-hook-form';
import type { FormValues } from '../organisationForm';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import Link from '@mui/material/Link';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  DEFAULT_PRIVACY_STATEMENT,
  PRIVACY_PLACEHOLDERS,
  RETENTION_DAYS,
  STATEMENT_LANGUAGES,
} from '@balie/shared';
import { FormTextField } from '../../../components/form/FormTextField';
import { useFieldErrorText } from '../../../components/form/useFieldErrorText';

/** The retention period as a whole number of days (the field gives text; the schema wants a number). */
function RetentionDaysField({ control }: { control: Control<FormValues> }) {
  const { t } = useTranslation('organisation');
  const errorText = useFieldErrorText();
  const { field, fieldState } = useController({ name: 'retentionDays', control });
  const message = errorText(fieldState.error?.message);
  return (
    <TextField
      name={field.name}
      inputRef={field.ref}
      type="number"
      label={t('privacy.retention_days')}
      value={Number.isNaN(field.value) ? '' : field.value}
      onChange={(e) => field.onChange(e.target.value === '' ? Number.NaN : Number(e.target.value))}
      onBlur={field.onBlur}
      error={Boolean(message)}
      helperText={message ?? t('privacy.retention_help', RETENTION_DAYS)}
      margin="normal"
      required
      slotProps={{ htmlInput: { min: RETENTION_DAYS.min, max: RETENTION_DAYS.max, step: 1 } }}
      sx={{ maxWidth: 260 }}
    />
  );
}

/**
 * The organisation's privacy settings (DESIGN §4b): how long an appointment's personal data is kept, and
 * the public /privacy page's text per language; an empty text shows the product's default, which is
 * given as the field's placeholder (decision 0372).
 */
export function PrivacyFields({ control }: { control: Control<FormValues> }) {
  const { t } = useTranslation('organisation');
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, mt: 3 }}>
      <Typography variant="h6" component="legend" sx={{ mb: 1 }}>
        {t('privacy.title')}
      </Typography>
      <RetentionDaysField control={control} />
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        {t('privacy.statement_help', { placeholders: PRIVACY_PLACEHOLDERS.join(', ') })}{' '}
        <Link component={RouterLink} to="/privacy" target="_blank" rel="noopener">
          {t('privacy.view')}
        </Link>
      </Typography>
      {STATEMENT_LANGUAGES.map((language) => (
        <FormTextField
          key={language}
          control={control}
          name={`privacyStatement.${language}`}
          label={t(`privacy.statement_${language}`)}
          placeholder={DEFAULT_PRIVACY_STATEMENT[language]}
          multiline
          minRows={4}
          maxRows={16}
          // The label stays above, so the default text shows as the placeholder of an empty field.
          slotProps={{ htmlInput: { lang: language }, inputLabel: { shrink: true } }}
        />
      ))}
    </Box>
  );
}
