import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { useTranslation } from 'react-i18next';

/** Shown while a lazy page or the current user loads. */
export function PageLoader() {
  // No suspense: this is itself the fallback while translations load.
  const { t } = useTranslation('common', { useSuspense: false });
  return (
    <Box role="status" sx={{ display: 'flex', justifyContent: 'center', py: 8 }}>
      <CircularProgress aria-label={t('loading')} />
    </Box>
  );
}
