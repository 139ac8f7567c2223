import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../../session/useCurrentUser';
import { PageFrame } from '../../../components/PageFrame';
import { formatDate } from '../../../lib/dates';
import { greetingAt } from '../greeting';

/**
 * /home and /admin: a greeting by time of day with the user's first name, then what the app layer puts
 * below it (the appointments part, which belongs to another feature).
 */
export default function DashboardPage({ children }: { children?: ReactNode }) {
  const { t, i18n } = useTranslation('dashboard');
  const { user } = useCurrentUser();
  const name = user?.firstName || user?.fullName || '';
  return (
    <PageFrame title={t('title')}>
      <Paper variant="outlined" sx={{ p: { xs: 2.5, sm: 4 } }}>
        <Typography variant="h5" component="h2" gutterBottom>
          {t(`greeting.${greetingAt()}`, { name })}
        </Typography>
        <Typography color="text.secondary">
          {t('today', { date: formatDate(new Date(), i18n.language) })}
        </Typography>
        <Typography sx={{ mt: 2 }}>{t('intro')}</Typography>
      </Paper>
      {children && <Box sx={{ mt: 3 }}>{children}</Box>}
    </PageFrame>
  );
}
