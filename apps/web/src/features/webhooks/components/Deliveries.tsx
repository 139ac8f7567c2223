import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { WebhookDelivery } from '@balie/shared';
import { formatShortDate, formatTime } from '../../../lib/dates';
import { useGetWebhookDeliveriesQuery } from '../api';

const when = (iso: string) => `${formatShortDate(iso)} ${formatTime(iso)}`;

/** What became of a delivery, in words: delivered, waiting for its next try, or paused with its webhook. */
function outcome(d: WebhookDelivery, t: (key: string, vars?: Record<string, unknown>) => string): string {
  if (d.deliveredAt) return t('deliveries.delivered', { at: when(d.deliveredAt) });
  if (d.nextAttemptAt) return t('deliveries.next', { at: when(d.nextAttemptAt) });
  return t('deliveries.waiting');
}

/** The last deliveries of one subscription (at most 100): event, attempts, last answer, next try. */
export function Deliveries({ webhookId, label }: { webhookId: number; label: string }) {
  const { t } = useTranslation(['webhooks', 'common']);
  const { data, isLoading, isError } = useGetWebhookDeliveriesQuery(webhookId, { pollingInterval: 5_000 });
  if (isLoading) return <Typography sx={{ mt: 1 }}>{t('common:loading')}</Typography>;
  if (isError || !data) return <Typography sx={{ mt: 1 }}>{t('common:general.error')}</Typography>;
  if (data.length === 0)
    return (
      <Typography color="text.secondary" sx={{ mt: 1 }}>
        {t('deliveries.none')}
      </Typography>
    );
  return (
    // A wide table scrolls inside its own box on a phone; the box is focusable so keyboards can scroll it.
    <Box sx={{ overflowX: 'auto', mt: 1 }} tabIndex={0} role="region" aria-label={label}>
      <Table size="small">
        <TableHead>
          <TableRow>
            <TableCell>{t('deliveries.event')}</TableCell>
            <TableCell>{t('deliveries.created')}</TableCell>
            <TableCell align="right">{t('deliveries.attempts')}</TableCell>
            <TableCell>{t('deliveries.last')}</TableCell>
            <TableCell>{t('deliveries.state')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {data.map((d) => (
            <TableRow key={d.eventId}>
              <TableCell>
                {t(`events.${d.type}`, { defaultValue: d.type })}
                {d.subject && /^\d+$/.test(d.subject) ? ` · #${d.subject}` : ''}
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{when(d.createdAt)}</TableCell>
              <TableCell align="right">{d.attempts}</TableCell>
              <TableCell>
                {d.lastStatus !== null
                  ? `HTTP ${d.lastStatus}`
                  : d.lastError
                    ? t('deliveries.no_answer', { reason: d.lastError })
                    : '—'}
              </TableCell>
              <TableCell>{outcome(d, t)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}
