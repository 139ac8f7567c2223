import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminLocation } from '@balie/shared';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { Section } from '../../../components/Section';
import { useNotify } from '../../../components/notifier/NotifierContext';
import { useRenewDisplayKeyMutation } from '../api';

/**
 * The waiting room's screen of a location (DESIGN §4b): its link with the location's key, to copy or
 * open, and a new key when the old one got out (the screen with the old link stops at once).
 */
export function DisplayLink({ location }: { location: AdminLocation }) {
  const { t } = useTranslation('queue');
  const notify = useNotify();
  const [renew, renewing] = useRenewDisplayKeyMutation();
  const [asking, setAsking] = useState(false);
  const url = `${window.location.origin}/display/${location.id}?key=${encodeURIComponent(location.displayKey)}`;

  return (
    <Section title={t('location.heading')}>
      <Typography variant="body2" sx={{ mb: 2 }}>
        {t('location.text')}
      </Typography>
      <TextField
        label={t('location.link')}
        value={url}
        fullWidth
        size="small"
        slotProps={{ input: { readOnly: true } }}
        onFocus={(e) => e.target.select()}
      />
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mt: 2 }}>
        <Button
          variant="outlined"
          onClick={() =>
            void navigator.clipboard
              .writeText(url)
              .then(() => notify(t('location.copied'), 'success'))
              .catch(() => notify(t('errors.generic'), 'error'))
          }
        >
          {t('location.copy')}
        </Button>
        <Button variant="outlined" href={url} target="_blank" rel="noopener">
          {t('location.open')}
        </Button>
        <Button color="error" onClick={() => setAsking(true)}>
          {t('location.renew')}
        </Button>
      </Box>
      <ConfirmDialog
        open={asking}
        title={t('location.renewTitle')}
        text={t('location.renewText')}
        confirmLabel={t('location.renew')}
        busy={renewing.isLoading}
        onClose={() => setAsking(false)}
        onConfirm={() =>
          void renew(location.id).then((outcome) => {
            setAsking(false);
            notify(
              'data' in outcome ? t('location.renewed') : t('errors.generic'),
              'data' in outcome ? 'success' : 'error',
            );
          })
        }
      />
    </Section>
  );
}
