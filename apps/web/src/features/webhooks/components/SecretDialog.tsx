import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';

/**
 * The signing secret, shown this once (after adding a webhook or renewing its secret): the server keeps
 * no copy it will show again, so the dialog says so and offers to copy it.
 */
export function SecretDialog({ secret, onClose }: { secret: string | null; onClose: () => void }) {
  const { t } = useTranslation('webhooks');
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    if (!secret) return;
    await navigator.clipboard.writeText(secret);
    setCopied(true);
  };
  return (
    <Dialog
      open={secret !== null}
      onClose={onClose}
      aria-labelledby="webhook-secret-title"
      fullWidth
      maxWidth="sm"
      slotProps={{ transition: { onExited: () => setCopied(false) } }}
    >
      <DialogTitle id="webhook-secret-title">{t('secret.title')}</DialogTitle>
      <DialogContent>
        <Alert severity="warning" sx={{ mb: 2 }}>
          {t('secret.once')}
        </Alert>
        <TextField
          label={t('secret.label')}
          value={secret ?? ''}
          fullWidth
          multiline
          slotProps={{ htmlInput: { readOnly: true, spellCheck: false, style: { fontFamily: 'monospace' } } }}
          onFocus={(e) => e.target.select()}
        />
        <div aria-live="polite">
          {copied && (
            <Alert severity="success" sx={{ mt: 2 }}>
              {t('secret.copied')}
            </Alert>
          )}
        </div>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => void copy()}>{t('secret.copy')}</Button>
        <Button variant="contained" onClick={onClose}>
          {t('secret.done')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
