import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  createIntegrationClientRequestSchema,
  type CreateIntegrationClientRequest,
  type IntegrationClientWithSecret,
} from '@balie/shared';
import { applyServerErrors } from '../../../components/form/applyServerErrors';
import { FormSwitch } from '../../../components/form/FormSwitch';
import { FormTextField } from '../../../components/form/FormTextField';
import { useCreateIntegrationClientMutation } from '../api';

/**
 * "New integration": a name (which the audit trail shows beside what the system did) and whether Balie
 * mails the visitor itself. Off by default: Open Forms sends its own confirmation, and two mails for one
 * appointment confuse people.
 */
export function NewClientDialog({
  onCreated,
  onClose,
}: {
  onCreated: (client: IntegrationClientWithSecret) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('integrations');
  const titleId = useId();
  const textId = useId();
  const [create, { isLoading }] = useCreateIntegrationClientMutation();
  const [failed, setFailed] = useState(false);
  const { control, handleSubmit, setError } = useForm<CreateIntegrationClientRequest>({
    resolver: zodResolver(createIntegrationClientRequestSchema),
    mode: 'onBlur',
    defaultValues: { name: '', mailsVisitor: false },
  });

  const submit = handleSubmit(async (values) => {
    setFailed(false);
    const result = await create(values);
    if (result.data) return onCreated(result.data);
    if (!applyServerErrors(result.error, ['name', 'mailsVisitor'], setError)) setFailed(true);
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
        <DialogTitle id={titleId}>{t('clients.new_title')}</DialogTitle>
        <DialogContent>
          <DialogContentText id={textId}>{t('clients.new_text')}</DialogContentText>
          {failed && (
            <Alert severity="error" role="alert" sx={{ mt: 2 }}>
              {t('errors.generic')}
            </Alert>
          )}
          <FormTextField control={control} name="name" label={t('clients.name')} required autoFocus />
          <Box sx={{ mt: 2 }}>
            <FormSwitch control={control} name="mailsVisitor" label={t('clients.mails_visitor')} />
            <Typography variant="body2" color="text.secondary">
              {t('clients.mails_visitor_help')}
            </Typography>
          </Box>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('common:action.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={isLoading}>
            {t('clients.create')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
