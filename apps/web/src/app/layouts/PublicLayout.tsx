import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Toolbar from '@mui/material/Toolbar';
import { useTranslation } from 'react-i18next';
import { ExternalLink } from '../../components/ExternalLink';
import { Logo } from '../../components/Logo';
import { useGetOrganisationQuery } from '../../components/organisation/organisationApi';
import { PageLoader } from '../../components/PageLoader';
import { SkipLink } from '../../components/SkipLink';
import ReservationBanner from '../../features/booking/components/ReservationBanner';
import { LanguageSwitch } from './LanguageSwitch';

/** Guest pages (spec §2): top bar with logo, link to the provider, language switch; on /new the hold banner. */
export function PublicLayout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { data: org } = useGetOrganisationQuery();
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <SkipLink />
      <AppBar position="sticky" component="header">
        <Toolbar sx={{ gap: 1 }}>
          <Logo />
          <Box sx={{ flexGrow: 1 }} />
          {/* The organisation's website (GET /organisation); no link while it has none. */}
          {org?.website && (
            <ExternalLink
              href={org.website}
              color="inherit"
              underline="hover"
              sx={{ fontSize: { xs: 14, sm: 16 } }}
            >
              {t('back_to_provider')}
            </ExternalLink>
          )}
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
