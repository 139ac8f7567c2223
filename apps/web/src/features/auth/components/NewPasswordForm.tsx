import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { newPasswordSchema, singleLineText } from '@balie/shared';
import { FormTextField } from '../../../components/form/FormTextField';
import { useCanSubmit } from '../../../components/form/useCanSubmit';
import { SubmitButton } from '../../../components/form/SubmitButton';
import { NewPasswordField } from '../../../components/form/NewPasswordField';

// The repeat field exists only in the form; the request carries the password once. The name fields are
// shown only with `askName` (and stay empty, so optional, otherwise).
const newPasswordFormSchema = z
  .object({
    firstName: singleLineText(100),
    lastName: singleLineText(100),
    password: newPasswordSchema,
    repeat: z.string().min(1, 'password_repeat_required'),
  })
  .refine((v) => v.password === v.repeat, { path: ['repeat'], message: 'password_mismatch' });

export interface NewPassword {
  password: string;
  /** Empty unless `askName`. */
  firstName: string;
  lastName: string;
}

/**
 * A new password typed twice under the spec's rules (shown beside the field, each broken one named on
 * blur): the reset link's page and the invitation's, which also asks the name (`askName`, optional
 * fields). `failure` is a translated message above the fields.
 */
export function NewPasswordForm({
  submitLabel,
  failure,
  askName = false,
  onSubmit,
  children,
}: {
  submitLabel: string;
  failure: ReactNode;
  askName?: boolean;
  onSubmit: (value: NewPassword) => Promise<void>;
  /** Below the button, e.g. a link back to signing in. */
  children?: ReactNode;
}) {
  const { t } = useTranslation('auth');
  const { control, handleSubmit } = useForm({
    resolver: zodResolver(newPasswordFormSchema),
    mode: 'onBlur',
    defaultValues: { firstName: '', lastName: '', password: '', repeat: '' },
  });
  const canSubmit = useCanSubmit(control, newPasswordFormSchema);
  return (
    <Box
      component="form"
      noValidate
      onSubmit={handleSubmit(({ password, firstName, lastName }) =>
        onSubmit({ password, firstName: firstName.trim(), lastName: lastName.trim() }),
      )}
    >
      {failure && (
        <Alert severity="error" role="alert" sx={{ mb: 1 }}>
          {failure}
        </Alert>
      )}
      {askName && (
        <Box sx={{ display: 'grid', gridTemplateColumns: { sm: '1fr 1fr' }, columnGap: 2 }}>
          <FormTextField
            control={control}
            name="firstName"
            label={t('fields.first_name')}
            autoComplete="given-name"
            autoFocus
          />
          <FormTextField
            control={control}
            name="lastName"
            label={t('fields.last_name')}
            autoComplete="family-name"
          />
        </Box>
      )}
      <NewPasswordField
        control={control}
        name="password"
        label={t('fields.new_password')}
        autoFocus={!askName}
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
