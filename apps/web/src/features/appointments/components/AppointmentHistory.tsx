import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { QueryState } from '../../../components/QueryState';
import { formatMoment, useAuditText } from '../../../components/audit/useAuditText';
import { useGetAppointmentHistoryQuery } from '../api/appointmentsApi';

/** The appointment's history as a timeline, oldest first: what happened, when and by whom. */
export function AppointmentHistory({ appointmentId }: { appointmentId: number }) {
  const { t, i18n } = useTranslation('audit');
  const { historyText, actorText } = useAuditText();
  const { data, error, isLoading } = useGetAppointmentHistoryQuery(appointmentId);
  return (
    <Box component="section" aria-labelledby="appointment-history-title" sx={{ mt: 2 }}>
      <Typography
        id="appointment-history-title"
        component="h3"
        variant="subtitle1"
        sx={{ fontWeight: 600, mb: 1 }}
      >
        {t('history.title')}
      </Typography>
      <QueryState data={data} error={error} isLoading={isLoading} empty={t('history.empty')}>
        {(entries) => (
          <Box component="ol" sx={{ listStyle: 'none', m: 0, p: 0 }}>
            {entries.map((entry, i) => (
              <Box
                component="li"
                key={`${entry.at}-${i}`}
                sx={{
                  position: 'relative',
                  pl: 3,
                  pb: i === entries.length - 1 ? 0 : 1.5,
                  // The timeline's dot and the line to the next entry.
                  '&::before': {
                    content: '""',
                    position: 'absolute',
                    left: 4,
                    top: 6,
                    width: 10,
                    height: 10,
                    borderRadius: '50%',
                    bgcolor: 'primary.main',
                  },
                  '&:not(:last-child)::after': {
                    content: '""',
                    position: 'absolute',
                    left: 8,
                    top: 18,
                    bottom: 0,
                    width: 2,
                    bgcolor: 'divider',
                  },
                }}
              >
                <Typography sx={{ overflowWrap: 'anywhere' }}>{historyText(entry)}</Typography>
                <Typography variant="body2" color="text.secondary">
                  <time dateTime={entry.at}>{formatMoment(entry.at, i18n.language)}</time>
                  {' · '}
                  {t('history.by', { actor: actorText(entry.actor) })}
                  {entry.cause ? ` · ${t('history.schedule_change')}` : ''}
                </Typography>
              </Box>
            ))}
          </Box>
        )}
      </QueryState>
    </Box>
  );
}
