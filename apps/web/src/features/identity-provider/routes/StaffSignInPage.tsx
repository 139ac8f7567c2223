import { useState } from 'react';
import { useForm, useWatch, type Control, type UseFormSetValue } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { IdentityProvider } from '@balie/shared';
import { applyServerErrors } from '../../../components/form/applyServerErrors';
import { FormSwitch } from '../../../components/form/FormSwitch';
import { FormTextField } from '../../../components/form/FormTextField';
import { useCanSubmit } from '../../../components/form/useCanSubmit';
import { useNotify } from '../../../components/notifier/NotifierContext';
import { PageFrame } from '../../../components/PageFrame';
import { QueryState } from '../../../components/QueryState';
import { apiErrorOf } from '../../../lib/apiError';
import { useGetIdentityProviderQuery, usePutIdentityProviderMutation } from '../api';
import { formSchema, formValuesOf, requestOf, ROLE_CLAIM_PRESETS, type FormValues } from '../providerForm';

const SERVER_FIELDS = [
  'displayName',
  'issuer',
  'clientId',
  'clientSecret',
  'roleClaim',
  'adminValues',
  'staffValues',
] as const;

/** The claim that carries the roles, with one click for where Entra ID and Keycloak put them. */
function RoleFields({
  control,
  setValue,
}: {
  control: Control<FormValues>;
  setValue: UseFormSetValue<FormValues>;
}) {
  const { t } = useTranslation('identityProvider');
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, mt: 3 }}>
      <Typography variant="h6" component="legend" sx={{ mb: 1 }}>
        {t('roles.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('roles.intro')}
      </Typography>
      <FormTextField control={control} name="roleClaim" label={t('fields.roleClaim')} required />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mb: 1 }}>
        {ROLE_CLAIM_PRESETS.map((p) => (
          <Button
            key={p.key}
            size="small"
            variant="outlined"
            onClick={() => setValue('roleClaim', p.claim, { shouldDirty: true, shouldValidate: true })}
          >
            {t(`roles.preset.${p.key}`)}
          </Button>
        ))}
      </Box>
      <Box sx={{ display: 'grid', gridTemplateColumns: { sm: '1fr 1fr' }, columnGap: 2 }}>
        <FormTextField
          control={control}
          name="adminValues"
          label={t('fields.adminValues')}
          helperText={t('roles.one_per_line')}
          multiline
          minRows={2}
        />
        <FormTextField
          control={control}
          name="staffValues"
          label={t('fields.staffValues')}
          helperText={t('roles.one_per_line')}
          multiline
          minRows={2}
        />
      </Box>
    </Box>
  );
}

/** Password sign-in for staff: off only once an admin signed in through the provider (DESIGN §4c). */
function PasswordFields({ control, provider }: { control: Control<FormValues>; provider: IdentityProvider }) {
  const { t } = useTranslation('identityProvider');
  const on = useWatch({ control, name: 'passwordLoginForStaff' });
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, mt: 3 }}>
      <Typography variant="h6" component="legend" sx={{ mb: 1 }}>
        {t('password.title')}
      </Typography>
      <FormSwitch control={control} name="passwordLoginForStaff" label={t('password.switch')} />
      <Typography variant="body2" color="text.secondary">
        {t(on ? 'password.on_help' : 'password.off_help')}{' '}
        {provider.adminSignedInAt ? t('password.proven') : t('password.not_proven')}
      </Typography>
    </Box>
  );
}

function ProviderForm({ provider }: { provider: IdentityProvider }) {
  const { t } = useTranslation(['identityProvider', 'common']);
  const notify = useNotify();
  const [put, { isLoading }] = usePutIdentityProviderMutation();
  const [notProven, setNotProven] = useState(false);
  const { control, handleSubmit, reset, setError, setValue } = useForm<FormValues>({
    resolver: zodResolver(formSchema),
    mode: 'onBlur',
    values: formValuesOf(provider),
  });
  const canSubmit = useCanSubmit(control, formSchema);
  const onSubmit = handleSubmit(async (values) => {
    setNotProven(false);
    const result = await put(requestOf(values));
    if (result.error) {
      if (apiErrorOf(result.error)?.code === 'provider_not_proven') return setNotProven(true);
      if (!applyServerErrors(result.error, SERVER_FIELDS, setError))
        notify(t('common:general.error'), 'error');
      return;
    }
    reset(formValuesOf(result.data));
    notify(t('saved'), 'success');
  });
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2.5, sm: 4 } }}>
      <Typography color="text.secondary">{t('intro')}</Typography>
      <Box sx={{ mt: 2, p: 2, bgcolor: 'action.hover', borderRadius: 1 }}>
        <Typography variant="subtitle2" component="p">
          {t('redirect_uri')}
        </Typography>
        <Typography component="code" sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>
          {provider.redirectUri}
        </Typography>
      </Box>
      <Box component="form" noValidate onSubmit={onSubmit} aria-label={t('title')} sx={{ mt: 2 }}>
        <FormSwitch control={control} name="enabled" label={t('fields.enabled')} />
        <FormTextField
          control={control}
          name="displayName"
          label={t('fields.displayName')}
          helperText={t('display_name_help')}
        />
        <FormTextField
          control={control}
          name="issuer"
          type="url"
          label={t('fields.issuer')}
          helperText={t('issuer_help')}
          autoComplete="off"
        />
        <FormTextField control={control} name="clientId" label={t('fields.clientId')} autoComplete="off" />
        <FormTextField
          control={control}
          name="clientSecret"
          type="password"
          label={t('fields.clientSecret')}
          helperText={t(provider.hasClientSecret ? 'secret_stored' : 'secret_missing')}
          autoComplete="new-password"
        />
        <RoleFields control={control} setValue={setValue} />
        <PasswordFields control={control} provider={provider} />
        {notProven && (
          <Alert severity="error" role="alert" sx={{ mt: 2 }}>
            {t('password.refused')}
          </Alert>
        )}
        <Button type="submit" variant="contained" disabled={!canSubmit || isLoading} sx={{ mt: 2 }}>
          {t('save')}
        </Button>
      </Box>
    </Paper>
  );
}

/**
 * /staff-sign-in (admin): "Inloggen voor medewerkers" — the organisation's OpenID Connect provider
 * (DESIGN §4c): where to register Balie, the client, which claim values mean admin and staff, and
 * whether staff may still use a Balie password. Saving tests the provider's discovery document first.
 */
export default function StaffSignInPage() {
  const { t } = useTranslation('identityProvider');
  const { data, error, isLoading } = useGetIdentityProviderQuery();
  return (
    <PageFrame title={t('title')} maxWidth={800}>
      <QueryState data={data} error={error} isLoading={isLoading}>
        {(provider) => <ProviderForm provider={provider} />}
      </QueryState>
    </PageFrame>
  );
}
