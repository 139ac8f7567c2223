import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link as RouterLink, useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { newPasswordSchema } from '@balie/shared';
import { FormTextField } from '../../../components/form/FormTextField';
import { useCanSubmit } from '../../../components/form/useCanSubmit';
import { apiErrorOf } from '../../../lib/apiError';
import { useResetPasswordMutation } from '../api';
import { AuthCard } from '../../../components/AuthCard';
import { SubmitButton } from '../../../components/form/SubmitButton';

// The repeat field exists only in the form; the request carries the password once.
const resetFormSchema = z
  .object({ password: newPasswordSchema, repeat: z.string().min(1, 'password_repeat_required') })
  .refine((v) => v.password === v.repeat, { path: ['repeat'], message: 'password_mismatch' });

/** Spec §8: an unknown or used token (errors[].property token, message object/not-found) is an invalid request. */
function failureKey(error: unknown): string {
  const tokenNotFound = apiErrorOf(error)?.errors?.some(
    (e) => e.property === 'token' && e.message === 'object/not-found',
  );
  return tokenNotFound ? 'common:general.invalid_request' : 'common:general.error';
}

export default function ResetPasswordPage() {
  const { t } = useTranslation(['auth', 'common']);
  const { token = '' } = useParams();
  const [resetPassword] = useResetPasswordMutation();
  const [done, setDone] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const { control, handleSubmit } = useForm({
    resolver: zodResolver(resetFormSchema),
    mode: 'onBlur',
    defaultValues: { password: '', repeat: '' },
  });
  const canSubmit = useCanSubmit(control, resetFormSchema);

  const onSubmit = handleSubmit(async ({ password }) => {
    setFailure(null);
    const result = await resetPassword({ password, token });
    if (result.error) setFailure(failureKey(result.error));
    else setDone(true);
  });

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
        <Box component="form" noValidate onSubmit={onSubmit}>
          {failure && (
            <Alert severity="error" role="alert" sx={{ mb: 1 }}>
              {t(failure)}
            </Alert>
          )}
          <FormTextField
            control={control}
            name="password"
            type="password"
            label={t('fields.new_password')}
            helperText={t('password_rules')}
            autoComplete="new-password"
            required
            autoFocus
          />
          <FormTextField
            control={control}
            name="repeat"
            type="password"
            label={t('fields.repeat_password')}
            autoComplete="new-password"
            required
          />
          <SubmitButton enabled={canSubmit}>{t('reset.submit')}</SubmitButton>
          <Link component={RouterLink} to="/login" sx={{ display: 'inline-block', mt: 3 }}>
            {t('back_to_login')}
          </Link>
        </Box>
      )}
    </AuthCard>
  );
}
