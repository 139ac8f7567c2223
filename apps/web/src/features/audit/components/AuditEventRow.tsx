import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { AuditEventItem } from '@balie/shared';
import { formatMoment, useAuditText } from '../../../components/audit/useAuditText';
import { useAuditValueText } from '../../../components/audit/useAuditValueText';

/** One event of the trail: what, about what, when, who, why (when it says), and the fields it changed. */
export function AuditEventRow({ event }: { event: AuditEventItem }) {
  const { t, i18n } = useTranslation('audit');
  const { actionText, actorText } = useAuditText();
  const valueText = useAuditValueText();
  const changes = Object.entries(event.changes ?? {});
  // The causes with a text of their own (an invitation withdrawn with its sender's rights, decision 0414);
  // others (a schedule change's) are told by the appointment's history.
  const cause = event.cause ? t(`cause.${event.cause}`, { defaultValue: '' }) : '';
  const subject = event.entityType
    ? t('subject', {
        type: t(`entity.${event.entityType}`, { defaultValue: event.entityType }),
        id: event.entityLabel ?? event.entityId ?? '',
      })
    : null;
  return (
    <Paper component="li" variant="outlined" sx={{ p: 1.5, display: 'grid', gap: 0.5 }}>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
        <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 600 }}>
          {actionText(event.action)}
          {subject && (
            <Typography component="span" color="text.secondary">
              {' · '}
              {subject}
            </Typography>
          )}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          <time dateTime={event.at}>{formatMoment(event.at, i18n.language)}</time>
        </Typography>
      </Box>
      <Typography variant="body2">
        {t('history.by', { actor: actorText(event.actor) })}
        {event.actor.type === 'user' && event.actor.email && event.actor.name
          ? ` <${event.actor.email}>`
          : ''}
      </Typography>
      {cause && <Typography variant="body2">{cause}</Typography>}
      {changes.length > 0 && (
        <Box
          component="dl"
          sx={{
            m: 0,
            display: 'grid',
            gridTemplateColumns: 'auto 1fr',
            columnGap: 1.5,
            fontSize: '0.875rem',
          }}
        >
          {changes.map(([field, { before, after }]) => (
            <Box key={field} sx={{ display: 'contents' }}>
              <Box component="dt" sx={{ color: 'text.secondary' }}>
                {t(`field.${field}`, { defaultValue: field })}
              </Box>
              <Box component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
                {valueText(field, before)} → {valueText(field, after)}
              </Box>
            </Box>
          ))}
        </Box>
      )}
    </Paper>
  );
}
