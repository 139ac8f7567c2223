import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { changePasswordRequestSchema, type User } from '@balie/shared';
import { applyServerErrors } from '../../../components/form/applyServerErrors';
import { FormTextField } from '../../../components/form/FormTextField';
import { NewPasswordField } from '../../../components/form/NewPasswordField';
import { useCanSubmit } from '../../../components/form/useCanSubmit';
import { useNotify } from '../../../components/notifier/NotifierContext';
import { apiErrorOf } from '../../../lib/apiError';
import { useChangePasswordMutation } from '../api/passwordApi';

// The repeat field exists only in the form, as on the reset page; the request carries the password once.
const passwordFormSchema = changePasswordRequestSchema
  .extend({ repeat: z.string().min(1, 'password_repeat_required') })
  .refine((v) => v.password === v.repeat, { path: ['repeat'], message: 'password_mismatch' });
const EMPTY = { currentPassword: '', password: '', repeat: '' };

/**
 * Changing one's own password while signed in (issue 34 item 9, decision 0425): the current password as
 * proof, the new one under the reset's rules. The server ends the account's other sessions; this one
 * goes on.
 */
export function PasswordSection({ user }: { user: User }) {
  const { t } = useTranslation(['profile', 'common']);
  const notify = useNotify();
  const headingId = useId();
  const [changePassword] = useChangePasswordMutation();
  const { control, handleSubmit, reset, setError } = useForm({
    resolver: zodResolver(passwordFormSchema),
    mode: 'onBlur',
    defaultValues: EMPTY,
  });
  const canSubmit = useCanSubmit(control, passwordFormSchema);

  const onSubmit = handleSubmit(async ({ currentPassword, password }) => {
    const result = await changePassword({ id: user.id, currentPassword, password });
    if (!result.error) {
      reset(EMPTY);
      notify(t('password.changed'), 'success');
      return;
    }
    if (apiErrorOf(result.error)?.status === 429)
      return notify(t('common:general.too_many_requests'), 'error');
    if (!applyServerErrors(result.error, ['currentPassword', 'password'] as const, setError))
      notify(t('common:general.error'), 'error');
  });

  return (
    <Paper variant="outlined" component="section" aria-labelledby={headingId} sx={{ p: { xs: 2.5, sm: 4 } }}>
      <Typography id={headingId} variant="h6" component="h2" sx={{ mb: 1 }}>
        {t('password.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 1 }}>
        {t('password.intro')}
      </Typography>
      <Box component="form" noValidate onSubmit={onSubmit} sx={{ maxWidth: 420 }}>
        {/* The account's address for password managers, which file the new password under it. */}
        <input type="hidden" name="username" autoComplete="username" value={user.email} readOnly />
        <FormTextField
          control={control}
          name="currentPassword"
          type="password"
          label={t('password.current')}
          autoComplete="current-password"
          required
        />
        <NewPasswordField control={control} name="password" label={t('password.new')} />
        <FormTextField
          control={control}
          name="repeat"
          type="password"
          label={t('password.repeat')}
          autoComplete="new-password"
          required
        />
        <Button type="submit" variant="contained" disabled={!canSubmit} sx={{ mt: 2 }}>
          {t('password.submit')}
        </Button>
      </Box>
    </Paper>
  );
}
