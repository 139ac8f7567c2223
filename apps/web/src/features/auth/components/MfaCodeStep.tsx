import { useId, useRef, useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { OneTimeCodeField } from '../../../components/form/OneTimeCodeField';
import { useNotify } from '../../../components/notifier/NotifierContext';
import { apiErrorOf } from '../../../lib/apiError';
import { useLoginMfaMutation } from '../api';

/**
 * The sign-in's second step (DESIGN §5 two-step sign-in): the code of the authenticator app, or a
 * recovery code instead. One field (a pasted code just works), the phone's number pad and its offer of
 * the code (`one-time-code`); a wrong code is announced and the field is ready for the next one. An
 * `mfaToken` that ran out (5 minutes) sends the person back to the password (`onRestart(true)`). After
 * too many wrong codes the server blocks the code step (423 `mfa_blocked`, decision 0418): no code helps
 * then, so the field goes and the way out is shown instead — a new password, or an administrator.
 */
export function MfaCodeStep({
  mfaToken,
  onSignedIn,
  onRestart,
}: {
  mfaToken: string;
  onSignedIn: () => void;
  onRestart: (expired: boolean) => void;
}) {
  const { t } = useTranslation(['auth', 'common']);
  const notify = useNotify();
  const introId = useId();
  const [loginMfa, { isLoading }] = useLoginMfaMutation();
  const [code, setCode] = useState('');
  const [recovery, setRecovery] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [blocked, setBlocked] = useState(false);
  const field = useRef<HTMLInputElement>(null);

  const refuse = (message: string) => {
    setError(message);
    setCode('');
    field.current?.focus();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim()) return refuse(t('mfa.code_required'));
    const result = await loginMfa({ mfaToken, code: code.trim() });
    if (!result.error) return onSignedIn();
    const answer = apiErrorOf(result.error);
    if (answer?.code === 'mfa_blocked') return setBlocked(true);
    if (answer?.status === 401 && answer.code === 'unauthorized') return onRestart(true);
    if (answer?.status === 401 || answer?.status === 400)
      return refuse(t(recovery ? 'mfa.wrong_recovery_code' : 'mfa.wrong_code'));
    if (answer?.status === 429) return refuse(t('common:general.too_many_requests'));
    notify(t('common:general.error'), 'error');
  };

  const switchKind = () => {
    setRecovery((r) => !r);
    setCode('');
    setError(null);
    field.current?.focus();
  };

  if (blocked)
    return (
      <Box>
        <Alert severity="error" role="alert">
          <AlertTitle>{t('mfa.blocked_title')}</AlertTitle>
          {t('mfa.blocked')}
        </Alert>
        <Box sx={{ display: 'flex', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1, mt: 3 }}>
          <Link component={RouterLink} to="/forgot-password">
            {t('mfa.blocked_reset')}
          </Link>
          <Link component="button" type="button" onClick={() => onRestart(false)}>
            {t('mfa.back')}
          </Link>
        </Box>
      </Box>
    );

  return (
    <Box component="form" noValidate onSubmit={submit} aria-describedby={introId}>
      <Typography id={introId}>{t(recovery ? 'mfa.recovery_intro' : 'mfa.intro')}</Typography>
      <OneTimeCodeField
        value={code}
        onChange={(value) => {
          setCode(value);
          setError(null);
        }}
        label={t(recovery ? 'mfa.recovery_label' : 'mfa.code_label')}
        error={error}
        kind={recovery ? 'recovery' : 'totp'}
        autoFocus
        inputRef={field}
      />
      <Button type="submit" variant="contained" size="large" fullWidth disabled={isLoading} sx={{ mt: 2 }}>
        {t('mfa.submit')}
      </Button>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1, mt: 3 }}>
        <Link component="button" type="button" onClick={switchKind}>
          {t(recovery ? 'mfa.use_app' : 'mfa.use_recovery')}
        </Link>
        <Link component="button" type="button" onClick={() => onRestart(false)}>
          {t('mfa.back')}
        </Link>
      </Box>
    </Box>
  );
}
