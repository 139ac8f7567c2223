import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import AddOutlined from '@mui/icons-material/AddOutlined';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { IntegrationClient, IntegrationClientWithSecret } from '@balie/shared';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { QueryState } from '../../../components/QueryState';
import { RowList, RowListItem } from '../../../components/RowList';
import { useNotify } from '../../../components/notifier/NotifierContext';
import { formatShortDate, formatTime } from '../../../lib/dates';
import {
  useListIntegrationClientsQuery,
  useRenewIntegrationClientSecretMutation,
  useRevokeIntegrationClientMutation,
} from '../api';
import { NewClientDialog } from './NewClientDialog';
import { SecretDialog } from './SecretDialog';

type Asking = { client: IntegrationClient; change: 'renew' | 'revoke' };

/**
 * The systems that book through Balie (DESIGN §4c): each with its client id, whether Balie mails the
 * visitor, when it was made and last used; a new one, a new secret (the old one stops at once) and
 * revoking (its tokens stop at once), each renewal and revocation asked first.
 */
export function IntegrationClientsSection() {
  const { t } = useTranslation('integrations');
  const notify = useNotify();
  const query = useListIntegrationClientsQuery();
  const [renew, renewing] = useRenewIntegrationClientSecretMutation();
  const [revoke, revoking] = useRevokeIntegrationClientMutation();
  const [creating, setCreating] = useState(false);
  const [shown, setShown] = useState<{ client: IntegrationClientWithSecret; renewed: boolean } | null>(null);
  const [asking, setAsking] = useState<Asking | null>(null);
  const headingId = useId();
  const busy = renewing.isLoading || revoking.isLoading;
  const when = (iso: string) => `${formatShortDate(iso)} ${formatTime(iso)}`;

  async function confirm({ client, change }: Asking) {
    setAsking(null);
    if (change === 'renew') {
      const result = await renew(client.id);
      if (result.data) setShown({ client: result.data, renewed: true });
      else notify(t('errors.generic'), 'error');
      return;
    }
    const result = await revoke(client.id);
    notify(
      'error' in result ? t('errors.generic') : t('clients.revoked', { name: client.name }),
      'error' in result ? 'error' : 'success',
    );
  }

  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby={headingId}
      sx={{ p: { xs: 2, sm: 3 }, mb: 3 }}
    >
      <Typography id={headingId} variant="h6" component="h2" sx={{ mb: 1 }}>
        {t('clients.title')}
      </Typography>
      <Typography variant="body2" sx={{ mb: 2 }}>
        {t('clients.text')}
      </Typography>
      <QueryState
        data={query.data}
        error={query.error}
        isLoading={query.isLoading}
        empty={t('clients.empty')}
      >
        {(clients) => (
          <RowList>
            {clients.map((c) => (
              <RowListItem key={c.id}>
                <Box sx={{ flex: '1 1 18rem', minWidth: 0 }}>
                  <Typography sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>{c.name}</Typography>
                  <Typography variant="body2" sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
                    {c.clientId}
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {[
                      t(c.mailsVisitor ? 'clients.mails' : 'clients.no_mails'),
                      t('clients.created', { when: formatShortDate(c.createdAt) }),
                      c.lastUsedAt
                        ? t('clients.last_used', { when: when(c.lastUsedAt) })
                        : t('clients.never_used'),
                    ].join(' · ')}
                  </Typography>
                </Box>
                <Box sx={{ display: 'flex', gap: 1 }}>
                  <Button
                    size="small"
                    disabled={busy}
                    aria-label={t('clients.action_label', { action: t('clients.renew'), name: c.name })}
                    onClick={() => setAsking({ client: c, change: 'renew' })}
                  >
                    {t('clients.renew')}
                  </Button>
                  <Button
                    size="small"
                    color="error"
                    disabled={busy}
                    aria-label={t('clients.action_label', { action: t('clients.revoke'), name: c.name })}
                    onClick={() => setAsking({ client: c, change: 'revoke' })}
                  >
                    {t('clients.revoke')}
                  </Button>
                </Box>
              </RowListItem>
            ))}
          </RowList>
        )}
      </QueryState>
      <Button sx={{ mt: 2 }} variant="outlined" startIcon={<AddOutlined />} onClick={() => setCreating(true)}>
        {t('clients.new')}
      </Button>
      {creating && (
        <NewClientDialog
          onClose={() => setCreating(false)}
          onCreated={(client) => {
            setCreating(false);
            setShown({ client, renewed: false });
          }}
        />
      )}
      {shown && <SecretDialog {...shown} onClose={() => setShown(null)} />}
      <ConfirmDialog
        open={asking !== null}
        title={t(asking?.change === 'renew' ? 'clients.renew_title' : 'clients.revoke_title', {
          name: asking?.client.name,
        })}
        text={t(asking?.change === 'renew' ? 'clients.renew_text' : 'clients.revoke_text')}
        confirmLabel={t(asking?.change === 'renew' ? 'clients.renew' : 'clients.revoke')}
        busy={busy}
        onClose={() => setAsking(null)}
        onConfirm={() => asking && void confirm(asking)}
      />
    </Paper>
  );
}
