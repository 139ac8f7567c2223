import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { setupRequestSchema } from '@balie/shared';
import { AuthCard } from '../../../components/AuthCard';
import { applyServerErrors } from '../../../components/form/applyServerErrors';
import { FormTextField } from '../../../components/form/FormTextField';
import { SubmitButton } from '../../../components/form/SubmitButton';
import { useCanSubmit } from '../../../components/form/useCanSubmit';
import { QueryState } from '../../../components/QueryState';
import { apiErrorOf } from '../../../lib/apiError';
import { useGetSetupStatusQuery, useSetupMutation } from '../api';
import { NewPasswordField } from '../../../components/form/NewPasswordField';

const FIELDS = ['organisationName', 'street', 'postcode', 'city', 'email', 'password', 'token'] as const;

/** What the page says instead of the form: set up already, or a link that does not open it. */
type Refusal = 'already_set_up' | 'invalid_setup_token' | 'error';

function AlreadySetUp() {
  const { t } = useTranslation('setup');
  return (
    <Alert severity="info" role="status">
      {t('already_set_up')}{' '}
      <Link component={RouterLink} to="/login">
        {t('to_login')}
      </Link>
    </Alert>
  );
}

function SetupForm({ linkToken }: { linkToken: string }) {
  const { t } = useTranslation(['setup', 'auth', 'common']);
  const navigate = useNavigate();
  const [setup] = useSetupMutation();
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const { control, handleSubmit, setError } = useForm({
    resolver: zodResolver(setupRequestSchema),
    mode: 'onBlur',
    defaultValues: {
      organisationName: '',
      street: '',
      postcode: '',
      city: '',
      email: '',
      password: '',
      token: linkToken,
    },
  });
  const canSubmit = useCanSubmit(control, setupRequestSchema);

  const onSubmit = handleSubmit(async (values) => {
    setRefusal(null);
    const result = await setup(values);
    // Signed in as the first admin: the dashboard shows what is left to set up.
    if (!result.error) {
      await navigate('/home', { replace: true });
      return;
    }
    const code = apiErrorOf(result.error)?.code;
    if (code === 'already_set_up' || code === 'invalid_setup_token') setRefusal(code);
    else if (!applyServerErrors(result.error, FIELDS, setError)) setRefusal('error');
  });

  if (refusal === 'already_set_up') return <AlreadySetUp />;
  return (
    <Box component="form" noValidate onSubmit={onSubmit}>
      <Typography>{t('intro')}</Typography>
      {refusal && (
        <Alert severity="error" role="alert" sx={{ mt: 2 }}>
          {refusal === 'invalid_setup_token' ? t('invalid_link') : t('common:general.error')}
        </Alert>
      )}
      {/* Only without a link (SETUP_TOKEN chosen by the operator): then it is typed in. */}
      {!linkToken && (
        <FormTextField
          control={control}
          name="token"
          label={t('fields.token')}
          helperText={t('token_help')}
          autoComplete="off"
          required
        />
      )}
      <FormTextField
        control={control}
        name="organisationName"
        label={t('fields.organisation_name')}
        helperText={t('organisation_help')}
        autoComplete="organization"
        required
        autoFocus
      />
      {/* Optional: the organisation's and its first location's address (decision 0431). */}
      <Typography variant="subtitle2" component="h2" sx={{ mt: 3 }}>
        {t('address_heading')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('address_help')}
      </Typography>
      <FormTextField
        control={control}
        name="street"
        label={t('fields.street')}
        autoComplete="street-address"
      />
      <Box sx={{ display: 'grid', gridTemplateColumns: { sm: '1fr 2fr' }, columnGap: 2 }}>
        <FormTextField
          control={control}
          name="postcode"
          label={t('fields.postcode')}
          autoComplete="postal-code"
        />
        <FormTextField control={control} name="city" label={t('fields.city')} autoComplete="address-level2" />
      </Box>
      <Typography variant="subtitle2" component="h2" sx={{ mt: 3 }}>
        {t('admin_heading')}
      </Typography>
      <FormTextField
        control={control}
        name="email"
        type="email"
        label={t('auth:fields.email')}
        autoComplete="email"
        required
      />
      <NewPasswordField control={control} name="password" label={t('auth:fields.password')} />
      <SubmitButton enabled={canSubmit}>{t('submit')}</SubmitButton>
    </Box>
  );
}

/**
 * /setup/:token (the link the server prints on an empty installation) and /setup (the token typed in):
 * the organisation's name and the first admin, then signed in on the dashboard (DESIGN §4b).
 */
export default function SetupPage() {
  const { t } = useTranslation('setup');
  const { token = '' } = useParams();
  const status = useGetSetupStatusQuery();
  return (
    <AuthCard title={t('title')}>
      <QueryState data={status.data} error={status.error} isLoading={status.isLoading}>
        {({ needed }) => (needed ? <SetupForm linkToken={token} /> : <AlreadySetUp />)}
      </QueryState>
    </AuthCard>
  );
}
