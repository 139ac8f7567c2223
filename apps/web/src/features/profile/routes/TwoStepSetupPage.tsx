import { lazy, Suspense, useId, useState, type FormEvent } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { MfaSetupResponse } from '@balie/shared';
import { OneTimeCodeField } from '../../../components/form/OneTimeCodeField';
import { useNotify } from '../../../components/notifier/NotifierContext';
import { PageFrame } from '../../../components/PageFrame';
import { PageLoader } from '../../../components/PageLoader';
import { apiErrorOf } from '../../../lib/apiError';
import { useConfirmMfaMutation, useStartMfaSetupMutation } from '../../../session/mfaApi';
import { useCurrentUser } from '../../../session/useCurrentUser';
import { useMfaSetupRequired } from '../../../session/useMfaSetupRequired';
import { RecoveryCodes } from '../components/RecoveryCodes';

// The QR library loads with this step only.
const QrCode = lazy(() => import('../../../components/QrCode'));
const QR_SIZE = 200;

/** ABCDEFGHIJKLMNOP… as ABCD EFGH IJKL MNOP …: easier to type into an app by hand. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

/** Step 2: the QR code and the key as text, and the code that proves the app has it. */
function ScanStep({
  userId,
  setup,
  onConfirmed,
}: {
  userId: number;
  setup: MfaSetupResponse;
  onConfirmed: (codes: string[]) => void;
}) {
  const { t } = useTranslation(['profile', 'common']);
  const notify = useNotify();
  const [confirm, { isLoading }] = useConfirmMfaMutation();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const keyId = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim()) return setError(t('two_step.code_required'));
    const result = await confirm({ id: userId, code: code.trim() });
    if (!result.error) return onConfirmed(result.data.recoveryCodes);
    const reason = apiErrorOf(result.error)?.errors?.[0]?.message;
    if (reason === 'wrong_code' || reason === 'invalid_code') {
      setCode('');
      return setError(t('two_step.wrong_code'));
    }
    notify(t('common:general.error'), 'error');
  };

  return (
    <>
      <Typography variant="h6" component="h2" gutterBottom>
        {t('two_step.scan_title')}
      </Typography>
      <Typography>{t('two_step.scan_text')}</Typography>
      <Box sx={{ my: 2, display: 'flex', justifyContent: { xs: 'center', sm: 'flex-start' } }}>
        <Suspense fallback={<Box sx={{ width: QR_SIZE, height: QR_SIZE }} />}>
          <QrCode text={setup.otpauthUrl} label={t('two_step.qr_label')} size={QR_SIZE} />
        </Suspense>
      </Box>
      <Typography id={keyId}>{t('two_step.key_text')}</Typography>
      <Box
        component="code"
        aria-labelledby={keyId}
        sx={{
          display: 'inline-block',
          my: 1,
          px: 1.5,
          py: 1,
          bgcolor: 'action.hover',
          borderRadius: 1,
          fontSize: '1.125rem',
          letterSpacing: '0.05em',
          overflowWrap: 'anywhere',
          maxWidth: '100%',
        }}
      >
        {grouped(setup.secret)}
      </Box>
      <Box component="form" noValidate onSubmit={submit} sx={{ mt: 3 }}>
        <Typography variant="h6" component="h2" gutterBottom>
          {t('two_step.confirm_title')}
        </Typography>
        <OneTimeCodeField
          value={code}
          onChange={(value) => {
            setCode(value);
            setError(null);
          }}
          label={t('two_step.code_label')}
          helperText={t('two_step.code_help')}
          error={error}
          narrow
        />
        <Button type="submit" variant="contained" size="large" disabled={isLoading} sx={{ mt: 1 }}>
          {t('two_step.confirm')}
        </Button>
      </Box>
    </>
  );
}

/**
 * /two-step-sign-in: turn on two-step sign-in (DESIGN §5): what it is, then the QR code and the key as
 * text, a code from the app to confirm, then the ten recovery codes, once. An admin whom the organisation
 * requires to use it is brought here and can go nowhere else until it is done (decision 0362).
 */
export default function TwoStepSetupPage() {
  const { t } = useTranslation(['profile', 'common']);
  const navigate = useNavigate();
  const notify = useNotify();
  const { user } = useCurrentUser();
  const held = useMfaSetupRequired();
  const [start, starting] = useStartMfaSetupMutation();
  const [setup, setSetup] = useState<MfaSetupResponse | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  if (!user) return <PageLoader />;

  const begin = async () => {
    const result = await start({ id: user.id });
    if (result.error) return notify(t('common:general.error'), 'error');
    setSetup(result.data);
  };

  let body;
  if (codes)
    body = (
      <RecoveryCodes
        codes={codes}
        onDone={() => {
          notify(t('two_step.turned_on'), 'success');
          void navigate('/profile');
        }}
      />
    );
  else if (user.mfaEnabled)
    body = (
      <Typography>
        {t('two_step.already_on')}{' '}
        <Link component={RouterLink} to="/profile">
          {t('two_step.to_profile')}
        </Link>
      </Typography>
    );
  else if (setup) body = <ScanStep userId={user.id} setup={setup} onConfirmed={setCodes} />;
  else
    body = (
      <>
        <Typography sx={{ mb: 1 }}>{t('two_step.intro')}</Typography>
        <Typography sx={{ mb: 2 }}>{t('two_step.app_needed')}</Typography>
        <Button variant="contained" size="large" onClick={() => void begin()} disabled={starting.isLoading}>
          {t('two_step.start')}
        </Button>
      </>
    );

  return (
    <PageFrame title={t('two_step.setup_title')} maxWidth={760}>
      {held && !codes && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {t('two_step.required')}
        </Alert>
      )}
      <Paper variant="outlined" sx={{ p: { xs: 2.5, sm: 4 } }}>
        {body}
      </Paper>
    </PageFrame>
  );
}
