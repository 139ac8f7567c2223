import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { Attendance, Statistics } from '@balie/shared';

/**
 * Reminders that ask (DESIGN §4c): the no-show rate of the visitors who said "Ik kom" beside that of
 * everyone else, with the counts it comes from.
 */
export function AttendanceCard({ data }: { data: Statistics }) {
  const { t, i18n } = useTranslation('reminders');
  const percent = new Intl.NumberFormat(i18n.language, { style: 'percent', maximumFractionDigits: 1 });
  const figure = (key: 'confirmed' | 'unconfirmed', a: Attendance) => (
    <Box key={key}>
      <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
        {t(`statistics.${key}`)}
      </Typography>
      <Typography variant="h5" component="p">
        {a.noShowRate === null
          ? t('statistics.none')
          : t('statistics.noShowRate', { rate: percent.format(a.noShowRate) })}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('statistics.counts', { checkedIn: a.checkedIn, noShow: a.noShow })}
      </Typography>
    </Box>
  );
  return (
    <Paper variant="outlined" component="section" aria-labelledby="attendance-heading" sx={{ p: 2 }}>
      <Typography id="attendance-heading" component="h2" variant="h6" sx={{ mb: 1 }}>
        {t('statistics.heading')}
      </Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        {figure('confirmed', data.attendance.confirmed)}
        {figure('unconfirmed', data.attendance.unconfirmed)}
      </Box>
    </Paper>
  );
}
