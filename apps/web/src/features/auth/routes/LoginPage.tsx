import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { loginRequestSchema } from '@balie/shared';
import { FormTextField } from '../../../components/form/FormTextField';
import { useCanSubmit } from '../../../components/form/useCanSubmit';
import { useNotify } from '../../../components/notifier/NotifierContext';
import { useGetOrganisationQuery } from '../../../components/organisation/organisationApi';
import { apiErrorOf, httpStatusOf } from '../../../lib/apiError';
import { useLoginMutation } from '../api';
import { AuthCard } from '../../../components/AuthCard';
import { SubmitButton } from '../../../components/form/SubmitButton';
import { MfaCodeStep } from '../components/MfaCodeStep';
import { markProviderSession } from '../../../session/providerSession';

/** The way in through the organisation's identity provider (DESIGN §4c), above the password form. */
function ProviderSignIn({ displayName }: { displayName: string }) {
  const { t } = useTranslation('identityProvider');
  return (
    <Box sx={{ mb: 3 }}>
      {/* A full page load: the server sends the browser on to the provider. */}
      <Button href="/api/auth/oidc/start" variant="contained" fullWidth size="large">
        {t('login.button', { displayName })}
      </Button>
      <Divider sx={{ mt: 3 }}>{t('login.or')}</Divider>
    </Box>
  );
}

/** Only paths inside this app are followed after signing in (no open redirect). */
function returnPathOf(state: unknown): string {
  const from = (state as { from?: unknown } | null)?.from;
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') ? from : '/home';
}

export default function LoginPage() {
  const { t } = useTranslation(['auth', 'common']);
  const navigate = useNavigate();
  const location = useLocation();
  const notify = useNotify();
  const [login] = useLoginMutation();
  const [notKnown, setNotKnown] = useState(false);
  const [passwordOff, setPasswordOff] = useState(false);
  // With two-step sign-in on, a right password leads to the code step (DESIGN §5).
  const [mfaToken, setMfaToken] = useState<string | null>(null);
  const [expired, setExpired] = useState(false);
  // No way to a closed register page (DESIGN §4b); nor while it is not yet known whether it is open.
  const organisation = useGetOrganisationQuery().data;
  const registrationOpen = organisation?.registrationOpen === true;
  const staffSignIn = organisation?.staffSignIn ?? null;
  const { control, handleSubmit } = useForm({
    resolver: zodResolver(loginRequestSchema),
    mode: 'onBlur',
    defaultValues: { username: '', password: '' },
  });
  const canSubmit = useCanSubmit(control, loginRequestSchema);

  const signedIn = () => {
    markProviderSession(false);
    return navigate(returnPathOf(location.state), { replace: true });
  };

  const onSubmit = handleSubmit(async (values) => {
    setNotKnown(false);
    setPasswordOff(false);
    setExpired(false);
    const result = await login(values);
    if (result.error) {
      const status = httpStatusOf(result.error);
      if (status === 401) setNotKnown(true);
      else if (apiErrorOf(result.error)?.code === 'password_login_off') setPasswordOff(true);
      else notify(t(status === 429 ? 'common:general.too_many_requests' : 'common:general.error'));
      return;
    }
    if ('mfaRequired' in result.data) return setMfaToken(result.data.mfaToken);
    await signedIn();
  });

  if (mfaToken)
    return (
      <AuthCard title={t('mfa.title')}>
        <MfaCodeStep
          mfaToken={mfaToken}
          onSignedIn={() => void signedIn()}
          onRestart={(ranOut) => {
            setExpired(ranOut);
            setMfaToken(null);
          }}
        />
      </AuthCard>
    );

  return (
    <AuthCard title={t('login.title')}>
      {staffSignIn && <ProviderSignIn displayName={staffSignIn.displayName} />}
      <Box component="form" noValidate onSubmit={onSubmit}>
        {notKnown && (
          <Alert severity="error" role="alert" sx={{ mb: 1 }}>
            {t('login.not_known')}
          </Alert>
        )}
        {passwordOff && (
          <Alert severity="info" role="alert" sx={{ mb: 1 }}>
            {t('identityProvider:login.password_off', { displayName: staffSignIn?.displayName ?? '' })}
          </Alert>
        )}
        {expired && (
          <Alert severity="warning" role="alert" sx={{ mb: 1 }}>
            {t('mfa.expired')}
          </Alert>
        )}
        <FormTextField
          control={control}
          name="username"
          type="email"
          label={t('fields.email')}
          autoComplete="username"
          required
          autoFocus
        />
        <FormTextField
          control={control}
          name="password"
          type="password"
          label={t('fields.password')}
          autoComplete="current-password"
          required
        />
        <SubmitButton enabled={canSubmit}>{t('login.submit')}</SubmitButton>
        <Box sx={{ display: 'flex', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1, mt: 3 }}>
          <Link component={RouterLink} to="/forgot-password">
            {t('login.forgot_password')}
          </Link>
          {registrationOpen && (
            <Typography component="span">
              {t('login.no_account')}{' '}
              <Link component={RouterLink} to="/register">
                {t('login.register')}
              </Link>
            </Typography>
          )}
        </Box>
      </Box>
    </AuthCard>
  );
}
