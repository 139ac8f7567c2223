import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  ACCESSIBILITY_RESPONSE_DAYS,
  patchOrganisationRequestSchema,
  type Organisation,
} from '@balie/shared';
import { applyServerErrors } from '../../../components/form/applyServerErrors';
import { FormTextField } from '../../../components/form/FormTextField';
import { NumberField } from '../../../components/form/NumberField';
import { useCanSubmit } from '../../../components/form/useCanSubmit';
import { useNotify } from '../../../components/notifier/NotifierContext';
import { Section } from '../../../components/Section';
import { usePatchOrganisationMutation } from '../api';

const FIELDS = [
  'accessibilityEmail',
  'accessibilityPhone',
  'accessibilityResponseDays',
  'accessibilityComplaintsUrl',
] as const;
const schema = patchOrganisationRequestSchema
  .pick({
    accessibilityEmail: true,
    accessibilityPhone: true,
    accessibilityResponseDays: true,
    accessibilityComplaintsUrl: true,
  })
  .required();
type Values = Pick<Organisation, (typeof FIELDS)[number]>;

const valuesOf = (o: Organisation): Values => ({
  accessibilityEmail: o.accessibilityEmail,
  accessibilityPhone: o.accessibilityPhone,
  accessibilityResponseDays: o.accessibilityResponseDays,
  accessibilityComplaintsUrl: o.accessibilityComplaintsUrl,
});

/**
 * The contact parts of the accessibility statement (/accessibility, decision 0393): where visitors report
 * a barrier, how soon they hear back, and the complaints procedure. The rest of the statement (status,
 * audit, known issues) is the product's own audit.
 */
export function AccessibilityContactSection({ organisation }: { organisation: Organisation }) {
  const { t } = useTranslation(['organisation', 'common']);
  const notify = useNotify();
  const [patch] = usePatchOrganisationMutation();
  const { control, handleSubmit, reset, setError } = useForm<Values>({
    resolver: zodResolver(schema),
    mode: 'onBlur',
    values: valuesOf(organisation),
  });
  const canSubmit = useCanSubmit(control, schema);
  const onSubmit = handleSubmit(async (values) => {
    const result = await patch(values);
    if (result.error) {
      if (!applyServerErrors(result.error, FIELDS, setError)) notify(t('common:general.error'), 'error');
      return;
    }
    reset(valuesOf(result.data));
    notify(t('common:saved'), 'success');
  });
  return (
    <Section title={t('accessibility.title')}>
      <Typography color="text.secondary" sx={{ mb: 1 }}>
        {t('accessibility.intro')}{' '}
        <Link component={RouterLink} to="/accessibility">
          {t('accessibility.view')}
        </Link>
      </Typography>
      <Box component="form" noValidate onSubmit={onSubmit} aria-label={t('accessibility.title')}>
        <Box sx={{ display: 'grid', gridTemplateColumns: { sm: '1fr 1fr' }, columnGap: 2 }}>
          <FormTextField
            control={control}
            name="accessibilityEmail"
            type="email"
            label={t('accessibility.email')}
            helperText={t('accessibility.email_help', { email: organisation.email || '—' })}
            autoComplete="off"
          />
          <FormTextField
            control={control}
            name="accessibilityPhone"
            type="tel"
            label={t('accessibility.phone')}
            helperText={t('accessibility.phone_help', { phone: organisation.phone || '—' })}
            autoComplete="off"
          />
        </Box>
        <NumberField
          control={control}
          name="accessibilityResponseDays"
          label={t('accessibility.response_days')}
          min={ACCESSIBILITY_RESPONSE_DAYS.min}
          max={ACCESSIBILITY_RESPONSE_DAYS.max}
          unit={t('accessibility.working_days')}
          sx={{ mt: 2, mb: 1, maxWidth: 260 }}
        />
        <FormTextField
          control={control}
          name="accessibilityComplaintsUrl"
          type="url"
          label={t('accessibility.complaints_url')}
          helperText={t('accessibility.complaints_url_help')}
          autoComplete="off"
        />
        <Button type="submit" variant="contained" disabled={!canSubmit} sx={{ mt: 2 }}>
          {t('accessibility.save')}
        </Button>
      </Box>
    </Section>
  );
}
