import { useState } from 'react';
import { Controller, useForm, useWatch, type Control } from 'react-hook-form';
import { Link as RouterLink } from 'react-router';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { REGISTER_FIELDS, type Organisation, type RegisterField } from '@balie/shared';
import { applyServerErrors } from '../../../components/form/applyServerErrors';
import { FormSwitch } from '../../../components/form/FormSwitch';
import { FormTextField } from '../../../components/form/FormTextField';
import { useCanSubmit } from '../../../components/form/useCanSubmit';
import { useNotify } from '../../../components/notifier/NotifierContext';
import { PageFrame } from '../../../components/PageFrame';
import { QueryState } from '../../../components/QueryState';
import { useGetOrganisationQuery } from '../../../components/organisation/organisationApi';
import { apiErrorOf } from '../../../lib/apiError';
import { useCurrentUser } from '../../../session/useCurrentUser';
import { TWO_STEP_SETUP_PATH } from '../../../session/useMfaSetupRequired';
import { usePatchOrganisationMutation } from '../api';
import { AccessibilityContactSection } from '../components/AccessibilityContactSection';
import { BrandingSection } from '../components/BrandingSection';
import { EmbedSection } from '../components/EmbedSection';
import { PrivacyFields } from '../components/PrivacyFields';
import { ReminderFields } from '../components/ReminderFields';
import { formSchema, formValuesOf, type FormValues } from '../organisationForm';

/** The register form's labels for the extra fields, as the register page shows them. */
const REGISTER_FIELD_LABELS: Record<RegisterField, string> = {
  birthDay: 'auth:fields.birth_day',
  serviceBookNr: 'auth:fields.service_book_nr',
  cardNumber: 'auth:fields.card_number',
};

/** Whether guests may register, and which of the spec's extra fields the register form asks (DESIGN §4b). */
function RegistrationFields({ control }: { control: Control<FormValues> }) {
  const { t } = useTranslation(['organisation', 'auth']);
  const open = useWatch({ control, name: 'registrationOpen' });
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, mt: 3 }}>
      <Typography variant="h6" component="legend" sx={{ mb: 1 }}>
        {t('registration.title')}
      </Typography>
      <FormSwitch control={control} name="registrationOpen" label={t('registration.open')} />
      <Typography variant="body2" color="text.secondary">
        {t(open ? 'registration.open_help' : 'registration.closed_help')}
      </Typography>
      <Controller
        control={control}
        name="registerFields"
        render={({ field }) => (
          <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, mt: 2 }}>
            <FormLabel component="legend">{t('registration.fields')}</FormLabel>
            <FormGroup>
              {REGISTER_FIELDS.map((f) => (
                <FormControlLabel
                  key={f}
                  disabled={!open}
                  label={t(REGISTER_FIELD_LABELS[f])}
                  control={
                    <Checkbox
                      checked={field.value.includes(f)}
                      onChange={(e) =>
                        field.onChange(
                          e.target.checked
                            ? REGISTER_FIELDS.filter((x) => x === f || field.value.includes(x))
                            : field.value.filter((x) => x !== f),
                        )
                      }
                    />
                  }
                />
              ))}
            </FormGroup>
          </Box>
        )}
      />
    </Box>
  );
}
/**
 * Whether admins must use two-step sign-in (DESIGN §5, decision 0362). Only an admin who has it may turn
 * it on: the server refuses (409 `mfa_not_enabled`) and `refused` then says why, with the way to it.
 */
function SecurityFields({ control, refused }: { control: Control<FormValues>; refused: boolean }) {
  const { t } = useTranslation('organisation');
  const mfaEnabled = useCurrentUser().user?.mfaEnabled === true;
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, mt: 3 }}>
      <Typography variant="h6" component="legend" sx={{ mb: 1 }}>
        {t('security.title')}
      </Typography>
      <FormSwitch control={control} name="requireMfaForAdmins" label={t('security.require_mfa')} />
      <Typography variant="body2" color="text.secondary">
        {t(mfaEnabled ? 'security.require_mfa_help' : 'security.own_mfa_first')}
      </Typography>
      {refused && (
        <Alert severity="error" role="alert" sx={{ mt: 1 }}>
          {t('security.refused')}{' '}
          <Link component={RouterLink} to={TWO_STEP_SETUP_PATH}>
            {t('security.turn_on_own')}
          </Link>
        </Alert>
      )}
    </Box>
  );
}

const FIELDS = ['name', 'street', 'postcode', 'city', 'phone', 'email', 'website'] as const;
const AUTOCOMPLETE: Partial<Record<(typeof FIELDS)[number], string>> = {
  name: 'organization',
  street: 'street-address',
  postcode: 'postal-code',
  city: 'address-level2',
  phone: 'tel',
  email: 'email',
  website: 'url',
};

/** The fields a server refusal may name (PrivacyFields adds the retention period and the statement). */
const SERVER_FIELDS = [
  ...FIELDS,
  'oin',
  'retentionDays',
  'privacyStatement.nl',
  'privacyStatement.en',
  'privacyStatement.de',
  'reminders',
  'reminders.0.hoursBefore',
  'reminders.1.hoursBefore',
] as const;

function OrganisationForm({ organisation }: { organisation: Organisation }) {
  const { t } = useTranslation(['organisation', 'common', 'reminders']);
  const notify = useNotify();
  const [patch] = usePatchOrganisationMutation();
  const { control, handleSubmit, reset, setError } = useForm<FormValues>({
    resolver: zodResolver(formSchema),
    mode: 'onBlur',
    values: formValuesOf(organisation),
  });
  const canSubmit = useCanSubmit(control, formSchema);
  const [mfaRefused, setMfaRefused] = useState(false);
  const onSubmit = handleSubmit(async (values) => {
    setMfaRefused(false);
    const result = await patch(values);
    if (result.error) {
      if (apiErrorOf(result.error)?.code === 'mfa_not_enabled') return setMfaRefused(true);
      if (!applyServerErrors(result.error, SERVER_FIELDS, setError))
        notify(t('common:general.error'), 'error');
      return;
    }
    reset(formValuesOf(result.data));
    notify(t('common:saved'), 'success');
  });
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2.5, sm: 4 } }}>
      <Typography color="text.secondary">{t('intro')}</Typography>
      <Box component="form" noValidate onSubmit={onSubmit} aria-label={t('title')}>
        <FormTextField
          control={control}
          name="name"
          label={t('fields.name')}
          required
          autoComplete="organization"
        />
        <Box sx={{ display: 'grid', gridTemplateColumns: { sm: '2fr 1fr 2fr' }, columnGap: 2 }}>
          {(['street', 'postcode', 'city'] as const).map((f) => (
            <FormTextField
              key={f}
              control={control}
              name={f}
              label={t(`fields.${f}`)}
              autoComplete={AUTOCOMPLETE[f]}
            />
          ))}
        </Box>
        <Box sx={{ display: 'grid', gridTemplateColumns: { sm: '1fr 1fr' }, columnGap: 2 }}>
          <FormTextField
            control={control}
            name="phone"
            type="tel"
            label={t('fields.phone')}
            autoComplete="tel"
          />
          <FormTextField
            control={control}
            name="email"
            type="email"
            label={t('fields.email')}
            autoComplete="email"
          />
        </Box>
        <FormTextField
          control={control}
          name="website"
          type="url"
          label={t('fields.website')}
          helperText={t('website_help')}
          autoComplete="url"
        />
        <FormTextField
          control={control}
          name="oin"
          label={t('fields.oin')}
          helperText={t('oin_help')}
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
        />
        <RegistrationFields control={control} />
        <SecurityFields control={control} refused={mfaRefused} />
        <ReminderFields control={control} />
        <PrivacyFields control={control} />
        <Button type="submit" variant="contained" disabled={!canSubmit} sx={{ mt: 2 }}>
          {t('common:action.save')}
        </Button>
      </Box>
    </Paper>
  );
}

/** /organisation (admin): the provider's name, address and contact details (DESIGN §4 organisation). */
export default function OrganisationPage() {
  const { t } = useTranslation('organisation');
  const { data, error, isLoading } = useGetOrganisationQuery();
  return (
    <PageFrame title={t('title')} maxWidth={800}>
      <QueryState data={data} error={error} isLoading={isLoading}>
        {(organisation) => (
          <>
            <OrganisationForm organisation={organisation} />
            <Box sx={{ mt: 3 }}>
              <BrandingSection organisation={organisation} />
              <AccessibilityContactSection organisation={organisation} />
              <EmbedSection organisation={organisation} />
            </Box>
          </>
        )}
      </QueryState>
    </PageFrame>
  );
}
