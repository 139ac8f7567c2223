import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import CampaignOutlined from '@mui/icons-material/CampaignOutlined';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Desk, QueueEntry } from '@balie/shared';
import { QueryState } from '../../../components/QueryState';
import { apiErrorOf } from '../../../lib/apiError';
import { formatTime } from '../../../lib/dates';
import { useNow } from '../../../lib/useNow';
import { useActOnEntryMutation, useCallVisitorMutation, useGetQueueQuery } from '../api/queueApi';
import { deskServesEntry, waitedMinutes } from '../lib/waiting';

/** How often the queue refetches itself: calls and check-ins of the other desks appear without a reload. */
export const QUEUE_POLLING_MS = 5_000;
/** Waiting times tick on by the minute; a quarter of one keeps them at most 15 s behind. */
const TICK_MS = 15_000;

const productsOf = (e: QueueEntry) =>
  e.products.map((p) => (p.amount > 1 ? `${p.amount}× ${p.product.title}` : p.product.title)).join(', ');

/** The desk's view of its location's queue: "next", its own calls with what comes after, who waits. */
export function QueueBoard({ desk }: { desk: Desk }) {
  const { t } = useTranslation('queue');
  const query = useGetQueueQuery(desk.locationId, {
    pollingInterval: QUEUE_POLLING_MS,
    skipPollingIfUnfocused: true,
  });
  const [callVisitor, calling] = useCallVisitorMutation();
  const [act, acting] = useActOnEntryMutation();
  const [message, setMessage] = useState<{ severity: 'success' | 'info' | 'error'; text: string } | null>(
    null,
  );
  const now = useNow(TICK_MS);
  const busy = calling.isLoading || acting.isLoading;

  async function call(entryId?: number) {
    const outcome = await callVisitor({ deskId: desk.id, ...(entryId ? { entryId } : {}) });
    if ('data' in outcome && outcome.data)
      return setMessage({ severity: 'success', text: t('called', { ticket: outcome.data.ticket }) });
    const code = apiErrorOf(outcome.error)?.code;
    setMessage(
      code === 'queue_empty'
        ? { severity: 'info', text: t('empty') }
        : {
            severity: 'error',
            text: code === 'desk_does_not_serve' ? t('errors.notServed') : t('errors.generic'),
          },
    );
  }

  async function after(entry: QueueEntry, action: 'served' | 'return' | 'no-show') {
    const outcome = await act({ entryId: entry.id, action });
    setMessage(
      'data' in outcome
        ? { severity: 'success', text: t(`done.${action}`, { ticket: entry.ticket }) }
        : { severity: 'error', text: t('errors.generic') },
    );
  }

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
        <Button
          variant="contained"
          size="large"
          startIcon={<CampaignOutlined />}
          disabled={busy}
          onClick={() => void call()}
        >
          {t('next')}
        </Button>
        <Box role="status" aria-live="polite" sx={{ flex: '1 1 16rem' }}>
          {message && <Alert severity={message.severity}>{message.text}</Alert>}
        </Box>
      </Box>
      <QueryState data={query.data} error={query.error} isLoading={query.isLoading}>
        {(entries) => {
          const mine = entries.filter((e) => e.state === 'called' && e.desk?.id === desk.id);
          const waiting = entries.filter((e) => e.state === 'waiting');
          const elsewhere = entries.filter((e) => e.state === 'called' && e.desk?.id !== desk.id);
          const served = entries.filter((e) => e.state === 'served').length;
          const noShows = entries.filter((e) => e.state === 'no_show').length;
          return (
            <>
              {mine.length > 0 && (
                <Box
                  component="ul"
                  aria-label={t('mine')}
                  sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}
                >
                  {mine.map((e) => (
                    <Paper
                      component="li"
                      key={e.id}
                      variant="outlined"
                      sx={{ p: 2, borderColor: 'primary.main', borderWidth: 2, display: 'grid', gap: 1 }}
                    >
                      <Typography variant="h4" component="p" sx={{ fontWeight: 700, letterSpacing: 2 }}>
                        {e.ticket}
                      </Typography>
                      <Typography>{productsOf(e)}</Typography>
                      <Typography variant="body2" color="text.secondary">
                        {t('waited', { count: waitedMinutes(e, now) })}
                      </Typography>
                      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
                        <Button
                          variant="contained"
                          color="success"
                          disabled={busy}
                          onClick={() => void after(e, 'served')}
                        >
                          {t('action.served', { ticket: e.ticket })}
                        </Button>
                        <Button variant="outlined" disabled={busy} onClick={() => void call(e.id)}>
                          {t('action.again')}
                        </Button>
                        <Button variant="outlined" disabled={busy} onClick={() => void after(e, 'return')}>
                          {t('action.return')}
                        </Button>
                        <Button
                          variant="outlined"
                          color="error"
                          disabled={busy}
                          onClick={() => void after(e, 'no-show')}
                        >
                          {t('action.noShow')}
                        </Button>
                      </Box>
                    </Paper>
                  ))}
                </Box>
              )}
              <Typography variant="h6" component="h3">
                {t('waiting', { count: waiting.length })}
              </Typography>
              {waiting.length === 0 ? (
                <Alert severity="info">{t('nobodyWaiting')}</Alert>
              ) : (
                <Box
                  component="ul"
                  aria-label={t('waitingList')}
                  sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}
                >
                  {waiting.map((e) => {
                    const serves = deskServesEntry(desk, e);
                    return (
                      <Paper
                        component="li"
                        key={e.id}
                        variant="outlined"
                        sx={{ p: 1.5, display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}
                      >
                        <Typography sx={{ fontWeight: 700, fontSize: '1.25rem', minWidth: '4.5rem' }}>
                          {e.ticket}
                        </Typography>
                        <Box sx={{ flex: '1 1 12rem' }}>
                          <Typography>{productsOf(e)}</Typography>
                          <Typography variant="body2" color="text.secondary">
                            {e.startsAt ? t('appointmentAt', { time: formatTime(e.startsAt) }) : t('walkIn')}
                            {' · '}
                            {t('waited', { count: waitedMinutes(e, now) })}
                          </Typography>
                        </Box>
                        {serves ? (
                          <Button
                            size="small"
                            variant="outlined"
                            disabled={busy}
                            onClick={() => void call(e.id)}
                            aria-label={t('action.callTicket', { ticket: e.ticket })}
                          >
                            {t('action.call')}
                          </Button>
                        ) : (
                          <Chip size="small" label={t('notHere')} />
                        )}
                      </Paper>
                    );
                  })}
                </Box>
              )}
              {elsewhere.length > 0 && (
                <Typography variant="body2" color="text.secondary">
                  {t('calledElsewhere')}{' '}
                  {elsewhere.map((e) => `${e.ticket} → ${e.desk?.name ?? ''}`).join(', ')}
                </Typography>
              )}
              <Typography variant="body2" color="text.secondary">
                {t('doneToday', { served, noShows })}
              </Typography>
            </>
          );
        }}
      </QueryState>
    </Box>
  );
}
