import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { emailSchema, INVITABLE_ROLES, uiLanguageOf, UI_LANGUAGES, type Invitation } from '@balie/shared';
import { applyServerErrors } from '../../../components/form/applyServerErrors';
import { FormTextField } from '../../../components/form/FormTextField';
import { useCanSubmit } from '../../../components/form/useCanSubmit';
import { NativeSelectField } from '../../../components/form/NativeSelectField';
import { LANGUAGES } from '../../../lib/i18n';
import { useInviteMutation } from '../api/usersApi';
import { RoleChoice } from './RoleChoice';

// Every field has a value from the start (staff, the interface language): only the address is typed.
const inviteFormSchema = z.object({
  email: emailSchema,
  role: z.enum(INVITABLE_ROLES),
  language: z.enum(UI_LANGUAGES),
});
type InviteForm = z.infer<typeof inviteFormSchema>;

/**
 * "Invite a colleague" (DESIGN §4b *Staff*): an address, a role (staff or admin) and the language of the
 * mail. The server mails a link that is valid for 7 days; a taken address is named under the field.
 */
export function InviteDialog({
  onInvited,
  onClose,
}: {
  onInvited: (invitation: Invitation) => void;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation(['users', 'common']);
  const titleId = useId();
  const textId = useId();
  const [invite, { isLoading }] = useInviteMutation();
  const [failed, setFailed] = useState(false);
  const { control, handleSubmit, setError } = useForm<InviteForm>({
    resolver: zodResolver(inviteFormSchema),
    mode: 'onBlur',
    defaultValues: { email: '', role: 'ROLE_STAFF', language: uiLanguageOf(i18n.language) },
  });

  const canSubmit = useCanSubmit(control, inviteFormSchema);

  const submit = handleSubmit(async (values) => {
    setFailed(false);
    const result = await invite(values);
    if (result.data) return onInvited(result.data);
    if (!applyServerErrors(result.error, ['email', 'role', 'language'], setError)) setFailed(true);
  });

  return (
    <Dialog
      open
      onClose={onClose}
      aria-labelledby={titleId}
      aria-describedby={textId}
      fullWidth
      maxWidth="sm"
    >
      <Box component="form" noValidate onSubmit={submit}>
        <DialogTitle id={titleId}>{t('invite.title')}</DialogTitle>
        <DialogContent>
          <DialogContentText id={textId}>{t('invite.text')}</DialogContentText>
          {failed && (
            <Alert severity="error" role="alert" sx={{ mt: 2 }}>
              {t('errors.generic')}
            </Alert>
          )}
          <FormTextField
            control={control}
            name="email"
            type="email"
            label={t('invite.email')}
            autoComplete="off"
            required
            autoFocus
          />
          <Controller
            control={control}
            name="role"
            render={({ field }) => (
              <RoleChoice
                label={t('invite.role')}
                roles={INVITABLE_ROLES}
                value={field.value}
                onChange={field.onChange}
              />
            )}
          />
          <Box sx={{ mt: 3 }}>
            <Controller
              control={control}
              name="language"
              render={({ field }) => (
                <NativeSelectField
                  label={t('invite.language')}
                  value={field.value}
                  onChange={(e) => field.onChange(e.target.value)}
                  sx={{ minWidth: 200 }}
                >
                  {LANGUAGES.map((l) => (
                    <option key={l.code} value={l.code}>
                      {l.label}
                    </option>
                  ))}
                </NativeSelectField>
              )}
            />
          </Box>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('common:action.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={!canSubmit || isLoading}>
            {t('invite.submit')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
