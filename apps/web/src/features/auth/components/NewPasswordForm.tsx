import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { newPasswordSchema } from '@balie/shared';
import { FormTextField } from '../../../components/form/FormTextField';
import { useCanSubmit } from '../../../components/form/useCanSubmit';
import { SubmitButton } from './SubmitButton';

// The repeat field exists only in the form; the request carries the password once.
const newPasswordFormSchema = z
  .object({ password: newPasswordSchema, repeat: z.string().min(1, 'password_repeat_required') })
  .refine((v) => v.password === v.repeat, { path: ['repeat'], message: 'password_mismatch' });

/**
 * A new password typed twice under the spec's rules (shown beside the field, each broken one named on
 * blur): the reset link's page and the invitation's. `failure` is a translated message above the fields.
 */
export function NewPasswordForm({
  submitLabel,
  failure,
  onSubmit,
  children,
}: {
  submitLabel: string;
  failure: ReactNode;
  onSubmit: (password: string) => Promise<void>;
  /** Below the button, e.g. a link back to signing in. */
  children?: ReactNode;
}) {
  const { t } = useTranslation('auth');
  const { control, handleSubmit } = useForm({
    resolver: zodResolver(newPasswordFormSchema),
    mode: 'onBlur',
    defaultValues: { password: '', repeat: '' },
  });
  const canSubmit = useCanSubmit(control, newPasswordFormSchema);
  return (
    <Box component="form" noValidate onSubmit={handleSubmit(({ password }) => onSubmit(password))}>
      {failure && (
        <Alert severity="error" role="alert" sx={{ mb: 1 }}>
          {failure}
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
      <SubmitButton enabled={canSubmit}>{submitLabel}</SubmitButton>
      {children}
    </Box>
  );
}
