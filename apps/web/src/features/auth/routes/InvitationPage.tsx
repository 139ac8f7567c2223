import { useState } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { apiErrorOf } from '../../../lib/apiError';
import { useAcceptInvitationMutation } from '../api';
import { AuthCard } from '../../../components/AuthCard';
import { NewPasswordForm, type NewPassword } from '../components/NewPasswordForm';
import { isDeadLink } from '../deadLink';

/** What went wrong, as the invited colleague can act on it. */
function failureKey(error: unknown): string {
  if (isDeadLink(error)) return 'invitation.dead_link';
  if (apiErrorOf(error)?.errors?.some((e) => e.message === 'email_taken')) return 'invitation.email_taken';
  return 'common:general.error';
}

/**
 * /invitation/:token (DESIGN §4b *Staff*): the link of an invitation mail. The colleague gives their
 * name (optional) and chooses a password under the spec's rules, and is signed in at once, on the
 * dashboard of their role.
 */
export default function InvitationPage() {
  const { t } = useTranslation(['auth', 'common']);
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const [accept] = useAcceptInvitationMutation();
  const [failure, setFailure] = useState<string | null>(null);

  async function onSubmit({ password, firstName, lastName }: NewPassword) {
    setFailure(null);
    const result = await accept({
      token,
      password,
      ...(firstName ? { firstName } : {}),
      ...(lastName ? { lastName } : {}),
    });
    if (result.error) setFailure(failureKey(result.error));
    else await navigate('/home', { replace: true });
  }

  return (
    <AuthCard title={t('invitation.title')}>
      <Typography sx={{ mb: 1 }}>{t('invitation.intro')}</Typography>
      <NewPasswordForm
        submitLabel={t('invitation.submit')}
        failure={failure && t(failure)}
        askName
        onSubmit={onSubmit}
      >
        <Link component={RouterLink} to="/login" sx={{ display: 'inline-block', mt: 3 }}>
          {t('invitation.have_account')}
        </Link>
      </NewPasswordForm>
    </AuthCard>
  );
}
