import Box from '@mui/material/Box';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';

/** The product mark; links to / (spec §2: "The logo links to /"). */
export function Logo({ color = 'inherit' }: { color?: string }) {
  const { t } = useTranslation();
  return (
    <Box
      component={RouterLink}
      to="/"
      aria-label={t('logo_home')}
      sx={{ display: 'inline-flex', alignItems: 'center', gap: 1, color, textDecoration: 'none' }}
    >
      <Box component="svg" viewBox="0 0 32 32" aria-hidden="true" sx={{ width: 36, height: 36 }}>
        <rect width="32" height="32" rx="6" fill="currentColor" opacity="0.18" />
        <path d="M7 22h18v3H7zm2-9h14l-7-6z" fill="currentColor" />
        <path d="M10 14h3v7h-3zm9 0h3v7h-3z" fill="currentColor" />
      </Box>
      <Box component="span" sx={{ fontWeight: 700, fontSize: '1.35rem', letterSpacing: 0.5 }}>
        {t('app_name')}
      </Box>
    </Box>
  );
}
