import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { APPOINTMENT_STATUSES, type Appointment } from '@balie/shared';
import { deskLabel, statusColor } from '../../status';

/** How many of today's appointments are in each state and at each desk (over the whole day, unfiltered). */
export function TodayCounts({ appointments }: { appointments: Appointment[] }) {
  const { t } = useTranslation('appointments');
  const perDesk = new Map<number, { label: string; count: number }>();
  for (const a of appointments) {
    const entry = perDesk.get(a.desk.id) ?? { label: deskLabel(a.desk), count: 0 };
    entry.count += 1;
    perDesk.set(a.desk.id, entry);
  }
  const states = APPOINTMENT_STATUSES.filter((s) => s !== 'cancelled');
  return (
    <Box sx={{ display: 'grid', gap: 1 }}>
      <Box component="ul" aria-label={t('today.perState')} sx={listSx}>
        <li>
          <Typography component="span" sx={{ fontWeight: 600 }}>
            {t('today.total', { count: appointments.length })}
          </Typography>
        </li>
        {states.map((s) => (
          <li key={s}>
            <Chip
              size="small"
              // Filled: the outlined warning chip's orange text on the page is below AA contrast.
              color={statusColor[s]}
              label={`${t(`status.${s}`)}: ${appointments.filter((a) => a.status === s).length}`}
            />
          </li>
        ))}
      </Box>
      {perDesk.size > 0 && (
        <Box component="ul" aria-label={t('today.perDesk')} sx={listSx}>
          {[...perDesk.values()].map(({ label, count }) => (
            <li key={label}>
              <Chip size="small" label={`${label}: ${count}`} />
            </li>
          ))}
        </Box>
      )}
    </Box>
  );
}

const listSx = {
  listStyle: 'none',
  m: 0,
  p: 0,
  display: 'flex',
  flexWrap: 'wrap',
  gap: 1,
  alignItems: 'center',
} as const;
