import { useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import { useTranslation } from 'react-i18next';
import { useResetPasswordMutation } from '../api';
import { AuthCard } from '../../../components/AuthCard';
import { NewPasswordForm, type NewPassword } from '../components/NewPasswordForm';
import { isDeadLink } from '../deadLink';

export default function ResetPasswordPage() {
  const { t } = useTranslation(['auth', 'common']);
  const { token = '' } = useParams();
  const [resetPassword] = useResetPasswordMutation();
  const [done, setDone] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  async function onSubmit({ password }: NewPassword) {
    setFailure(null);
    const result = await resetPassword({ password, token });
    // Spec §8: an unknown or used token is an invalid request.
    if (result.error)
      setFailure(isDeadLink(result.error) ? 'common:general.invalid_request' : 'common:general.error');
    else setDone(true);
  }

  return (
    <AuthCard title={t('reset.title')}>
      {done ? (
        <Alert severity="success" role="status">
          {t('reset.success')}{' '}
          <Link component={RouterLink} to="/login">
            {t('reset.to_login')}
          </Link>
        </Alert>
      ) : (
        <NewPasswordForm submitLabel={t('reset.submit')} failure={failure && t(failure)} onSubmit={onSubmit}>
          <Link component={RouterLink} to="/login" sx={{ display: 'inline-block', mt: 3 }}>
            {t('back_to_login')}
          </Link>
        </NewPasswordForm>
      )}
    </AuthCard>
  );
}
