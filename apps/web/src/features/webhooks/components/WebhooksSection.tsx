import { useId, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { Webhook, WebhookWithSecret } from '@balie/shared';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { useNotify } from '../../../components/notifier/NotifierContext';
import {
  useDeleteWebhookMutation,
  useGetWebhooksQuery,
  useRenewWebhookSecretMutation,
  useSetWebhookActiveMutation,
  useTestWebhookMutation,
} from '../api';
import { AddWebhookDialog } from './AddWebhookDialog';
import { Deliveries } from './Deliveries';
import { SecretDialog } from './SecretDialog';

/** One subscription: where it goes, what it gets, its state, its actions and its last deliveries. */
function WebhookCard({
  hook,
  onSecret,
  onDelete,
}: {
  hook: Webhook;
  onSecret: (hook: Webhook) => void;
  onDelete: (hook: Webhook) => void;
}) {
  const { t } = useTranslation(['webhooks', 'common']);
  const notify = useNotify();
  const headingId = useId();
  const [setActive, settingActive] = useSetWebhookActiveMutation();
  const [sendTest, testing] = useTestWebhookMutation();
  const toggle = async () => {
    const result = await setActive({ id: hook.id, active: !hook.active });
    notify(
      result.error ? t('common:general.error') : t(hook.active ? 'paused_done' : 'resumed_done'),
      result.error ? 'error' : 'success',
    );
  };
  const test = async () => {
    const result = await sendTest(hook.id);
    notify(result.error ? t('common:general.error') : t('test_sent'), result.error ? 'error' : 'success');
  };
  return (
    <Paper
      variant="outlined"
      component="article"
      aria-labelledby={headingId}
      sx={{ p: { xs: 2, sm: 2.5 }, mt: 2 }}
    >
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography
          variant="h6"
          component="h3"
          id={headingId}
          sx={{ overflowWrap: 'anywhere', flex: '1 1 240px' }}
        >
          {hook.url}
        </Typography>
        <Chip
          size="small"
          color={hook.active ? 'success' : 'default'}
          label={hook.active ? t('state.active') : t(`state.paused_${hook.pausedReason ?? 'admin'}`)}
        />
      </Box>
      {hook.description && <Typography color="text.secondary">{hook.description}</Typography>}
      <Typography variant="body2" sx={{ mt: 1 }}>
        {t('subscribed_to', { events: hook.events.map((e) => t(`events.${e}`)).join(', ') })}
      </Typography>
      {hook.previousSecretValidUntil && (
        <Typography variant="body2" color="text.secondary">
          {t('previous_secret')}
        </Typography>
      )}
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mt: 1.5 }}>
        <Button variant="outlined" size="small" onClick={() => void test()} disabled={testing.isLoading}>
          {t('actions.test')}
        </Button>
        <Button
          variant="outlined"
          size="small"
          onClick={() => void toggle()}
          disabled={settingActive.isLoading}
        >
          {hook.active ? t('actions.pause') : t('actions.resume')}
        </Button>
        <Button variant="outlined" size="small" onClick={() => onSecret(hook)}>
          {t('actions.renew')}
        </Button>
        <Button variant="outlined" size="small" color="error" onClick={() => onDelete(hook)}>
          {t('common:action.delete')}
        </Button>
      </Box>
      <Typography variant="subtitle2" component="h4" sx={{ mt: 2 }}>
        {t('deliveries.title')}
      </Typography>
      <Deliveries webhookId={hook.id} label={t('deliveries.of', { url: hook.url })} />
    </Paper>
  );
}

/**
 * Webhooks (DESIGN §4c *Events out*): a section that carries its own heading, so it can stand on a page of
 * its own or sit inside the integrations screen. Admins add, test, pause, resume and delete subscriptions
 * and see each one's last deliveries; a new or renewed secret is shown once.
 */
export function WebhooksSection() {
  const { t } = useTranslation(['webhooks', 'common']);
  const headingId = useId();
  const notify = useNotify();
  const { data, isLoading, isError } = useGetWebhooksQuery();
  const [adding, setAdding] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);
  const [renewing, setRenewing] = useState<Webhook | null>(null);
  const [deleting, setDeleting] = useState<Webhook | null>(null);
  const [renew, renewState] = useRenewWebhookSecretMutation();
  const [remove, removeState] = useDeleteWebhookMutation();

  const created = (hook: WebhookWithSecret) => {
    setAdding(false);
    setSecret(hook.secret);
  };
  const confirmRenew = async () => {
    if (!renewing) return;
    const result = await renew(renewing.id);
    setRenewing(null);
    if (result.data) setSecret(result.data.secret);
    else notify(t('common:general.error'), 'error');
  };
  const confirmDelete = async () => {
    if (!deleting) return;
    const result = await remove(deleting.id);
    setDeleting(null);
    notify(result.error ? t('common:general.error') : t('deleted'), result.error ? 'error' : 'success');
  };

  return (
    <Box component="section" aria-labelledby={headingId}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <Typography variant="h5" component="h2" id={headingId} sx={{ flexGrow: 1 }}>
          {t('section_title')}
        </Typography>
        <Button variant="contained" onClick={() => setAdding(true)}>
          {t('add.open')}
        </Button>
      </Box>
      <Typography color="text.secondary" sx={{ mt: 1 }}>
        {t('intro')}
      </Typography>
      {isLoading && <Typography sx={{ mt: 2 }}>{t('common:loading')}</Typography>}
      {isError && (
        <Alert severity="error" role="alert" sx={{ mt: 2 }}>
          {t('common:general.error')}
        </Alert>
      )}
      {data?.length === 0 && <Typography sx={{ mt: 2 }}>{t('none')}</Typography>}
      {data?.map((hook) => (
        <WebhookCard key={hook.id} hook={hook} onSecret={setRenewing} onDelete={setDeleting} />
      ))}
      <AddWebhookDialog open={adding} onClose={() => setAdding(false)} onCreated={created} />
      <SecretDialog secret={secret} onClose={() => setSecret(null)} />
      <ConfirmDialog
        open={renewing !== null}
        title={t('renew.title')}
        text={t('renew.text')}
        confirmLabel={t('renew.confirm')}
        danger={false}
        busy={renewState.isLoading}
        onConfirm={() => void confirmRenew()}
        onClose={() => setRenewing(null)}
      />
      <ConfirmDialog
        open={deleting !== null}
        title={t('delete.title', { url: deleting?.url ?? '' })}
        text={t('delete.text')}
        confirmLabel={t('common:action.delete')}
        busy={removeState.isLoading}
        onConfirm={() => void confirmDelete()}
        onClose={() => setDeleting(null)}
      />
    </Box>
  );
}
