import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { forgotPasswordRequestSchema } from '@balie/shared';
import { FormTextField } from '../../../components/form/FormTextField';
import { useCanSubmit } from '../../../components/form/useCanSubmit';
import { httpStatusOf } from '../../../lib/apiError';
import { useForgotPasswordMutation } from '../api';
import { AuthCard } from '../../../components/AuthCard';
import { SubmitButton } from '../../../components/form/SubmitButton';
import { browserTimezone } from '../browserTimezone';

/** Spec §4: a form with an e-mail address, then a success text (the same whether or not the account exists). */
const forgotFormSchema = forgotPasswordRequestSchema.pick({ email: true });

export default function ForgotPasswordPage() {
  const { t } = useTranslation(['auth', 'common']);
  const [requestMail] = useForgotPasswordMutation();
  const [sent, setSent] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const { control, handleSubmit } = useForm({
    resolver: zodResolver(forgotFormSchema),
    mode: 'onBlur',
    defaultValues: { email: '' },
  });
  const canSubmit = useCanSubmit(control, forgotFormSchema);

  const onSubmit = handleSubmit(async ({ email }) => {
    setFailure(null);
    const result = await requestMail({ email, timezone: browserTimezone() });
    if (result.error) {
      setFailure(
        t(httpStatusOf(result.error) === 429 ? 'common:general.too_many_requests' : 'common:general.error'),
      );
      return;
    }
    setSent(true);
  });

  return (
    <AuthCard title={t('forgot.title')}>
      {sent ? (
        <Alert severity="success" role="status">
          {t('forgot.success')}
        </Alert>
      ) : (
        <Box component="form" noValidate onSubmit={onSubmit}>
          <Typography>{t('forgot.intro')}</Typography>
          {failure && (
            <Alert severity="error" role="alert" sx={{ mt: 2 }}>
              {failure}
            </Alert>
          )}
          <FormTextField
            control={control}
            name="email"
            type="email"
            label={t('fields.email')}
            autoComplete="email"
            required
            autoFocus
          />
          <SubmitButton enabled={canSubmit}>{t('forgot.submit')}</SubmitButton>
        </Box>
      )}
      <Link component={RouterLink} to="/login" sx={{ display: 'inline-block', mt: 3 }}>
        {t('back_to_login')}
      </Link>
    </AuthCard>
  );
}
