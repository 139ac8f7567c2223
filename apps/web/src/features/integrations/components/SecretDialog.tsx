import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import ContentCopyOutlined from '@mui/icons-material/ContentCopyOutlined';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { IntegrationClientWithSecret } from '@balie/shared';
import { useNotify } from '../../../components/notifier/NotifierContext';

/** Where Open Forms' JCC REST plugin finds Balie (docs/integrations/open-forms.md). */
export function jccAddresses(origin: string) {
  const root = `${origin}/api/compat/jcc-warp/v1/`;
  return { root, tokenUrl: `${root}connect/token` };
}

/**
 * The one time a client's secret is seen (made or renewed), with what an Open Forms administrator types
 * into the JCC REST service: its root address, the token address, the scope, the client id and secret.
 */
export function SecretDialog({
  client,
  renewed,
  onClose,
}: {
  client: IntegrationClientWithSecret;
  renewed: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('integrations');
  const notify = useNotify();
  const titleId = useId();
  const { root, tokenUrl } = jccAddresses(window.location.origin);
  const fields = [
    { label: t('secret.client_id'), value: client.clientId },
    { label: t('secret.client_secret'), value: client.clientSecret },
    { label: t('secret.root'), value: root },
    { label: t('secret.token_url'), value: tokenUrl },
    { label: t('secret.scope'), value: 'warp-api' },
  ];
  const copy = (label: string, value: string) =>
    void navigator.clipboard
      .writeText(value)
      .then(() => notify(t('secret.copied', { what: label }), 'success'))
      .catch(() => notify(t('errors.copy'), 'error'));

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>
        {t(renewed ? 'secret.renewed_title' : 'secret.title', { name: client.name })}
      </DialogTitle>
      <DialogContent>
        <Alert severity="warning" sx={{ mb: 2 }}>
          {t('secret.once')}
        </Alert>
        <Box sx={{ display: 'grid', gap: 2 }}>
          {fields.map(({ label, value }) => (
            <TextField
              key={label}
              label={label}
              value={value}
              size="small"
              fullWidth
              onFocus={(e) => e.target.select()}
              slotProps={{
                input: {
                  readOnly: true,
                  sx: { fontFamily: 'monospace' },
                  endAdornment: (
                    <InputAdornment position="end">
                      <IconButton
                        edge="end"
                        aria-label={t('secret.copy', { what: label })}
                        onClick={() => copy(label, value)}
                      >
                        <ContentCopyOutlined fontSize="small" />
                      </IconButton>
                    </InputAdornment>
                  ),
                },
              }}
            />
          ))}
        </Box>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose}>
          {t('secret.done')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
