import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Toolbar from '@mui/material/Toolbar';
import OpenInNew from '@mui/icons-material/OpenInNew';
import { useTranslation } from 'react-i18next';
import { Logo } from '../../components/Logo';
import { PageLoader } from '../../components/PageLoader';
import { SkipLink } from '../../components/SkipLink';
import ReservationBanner from '../../features/booking/components/ReservationBanner';
import { LanguageSwitch } from './LanguageSwitch';

/** Where "back to the provider's website" points; set VITE_PROVIDER_URL at build time. */
const PROVIDER_URL = import.meta.env.VITE_PROVIDER_URL || 'https://www.example.org';

/** Guest pages (spec §2): top bar with logo, link to the provider, language switch; on /new the hold banner. */
export function PublicLayout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <SkipLink />
      <AppBar position="sticky" component="header">
        <Toolbar sx={{ gap: 1 }}>
          <Logo />
          <Box sx={{ flexGrow: 1 }} />
          <Link
            href={PROVIDER_URL}
            color="inherit"
            underline="hover"
            sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, fontSize: { xs: 14, sm: 16 } }}
          >
            {t('back_to_provider')}
            <OpenInNew fontSize="inherit" aria-hidden />
          </Link>
          <LanguageSwitch />
        </Toolbar>
      </AppBar>
      {pathname === '/new' && <ReservationBanner />}
      <Container
        component="main"
        id="main-content"
        tabIndex={-1}
        maxWidth="lg"
        sx={{ flexGrow: 1, py: { xs: 3, md: 5 }, outline: 'none' }}
      >
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </Container>
    </Box>
  );
}
