import { Suspense, useEffect, useRef } from 'react';
import { Outlet, useLocation } from 'react-router';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Toolbar from '@mui/material/Toolbar';
import { ThemeProvider, type Theme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { websiteOriginOf, type Organisation } from '@balie/shared';
import { ExternalLink } from '../../components/ExternalLink';
import { brandedTheme, logoUrlOf } from '../../components/organisation/brand';
import { OrganisationMark } from '../../components/organisation/OrganisationMark';
import { useGetOrganisationQuery } from '../../components/organisation/organisationApi';
import { PageLoader } from '../../components/PageLoader';
import { SiteNameContext } from '../../components/siteName';
import { SkipLink } from '../../components/SkipLink';
import ReservationBanner from '../../features/booking/components/ReservationBanner';
import { isEmbedded } from '../../lib/embed';
import { LanguageSwitch } from './LanguageSwitch';
import { PublicFooter } from './PublicFooter';
import { useEmbedHeight } from './useEmbedHeight';

/** The product's tab icon, as index.html has it: back when the organisation removes its logo. */
const PRODUCT_ICON = { href: '/favicon.svg', type: 'image/svg+xml' };

/**
 * The browser's bar in the organisation's colour and the tab with its logo (index.html ships the
 * product's; the server puts the organisation's in, and this follows a change made while the page is open).
 */
function usePageLook(org: Organisation | undefined) {
  const colour = org?.primaryColour;
  const logo = org ? logoUrlOf(org) : undefined;
  useEffect(() => {
    if (colour) document.querySelector('meta[name="theme-color"]')?.setAttribute('content', colour);
  }, [colour]);
  useEffect(() => {
    const icon = document.querySelector('link[rel="icon"]');
    if (logo === undefined || !icon) return;
    if (logo === null) {
      icon.setAttribute('href', PRODUCT_ICON.href);
      icon.setAttribute('type', PRODUCT_ICON.type);
    } else {
      // The logo is a PNG, JPEG or SVG: the browser reads its type from the answer.
      icon.setAttribute('href', logo);
      icon.removeAttribute('type');
    }
  }, [logo]);
}

/**
 * Guest pages (spec §2, DESIGN §4b): the organisation's own page — its logo, name and colour in the top
 * bar, the link back to its website, the language switch, a footer with its contact details and
 * statements; on /new the hold banner. Nothing is drawn until the organisation is known, so no page
 * flashes from the product's colours to the organisation's (the server render of /new has it at once).
 * Framed by the organisation's website (`/new?embed=1`) it is the page alone, telling the frame its height.
 */
export function PublicLayout() {
  const { data: org, error } = useGetOrganisationQuery();
  // The page is there (its hooks run, its data loads) but not shown until the organisation is known. A
  // failed read shows the pages in the product's colours; each page shows its own errors.
  const known = org !== undefined || error !== undefined;
  usePageLook(org);
  return (
    <ThemeProvider theme={(outer: Theme) => brandedTheme(outer, org?.primaryColour)}>
      <SiteNameContext value={org?.name || null}>
        <Box sx={known ? undefined : { visibility: 'hidden' }}>
          {isEmbedded() ? <EmbeddedPage organisation={org} /> : <FullPage organisation={org} />}
        </Box>
      </SiteNameContext>
    </ThemeProvider>
  );
}

function FullPage({ organisation: org }: { organisation: Organisation | undefined }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <SkipLink />
      <AppBar position="sticky" component="header">
        <Toolbar sx={{ gap: 1 }}>
          {org && <OrganisationMark organisation={org} />}
          <Box sx={{ flexGrow: 1 }} />
          {/* The organisation's website (GET /organisation); no link while it has none. */}
          {org?.website && (
            <ExternalLink
              href={org.website}
              color="inherit"
              underline="hover"
              sx={{ fontSize: { xs: 14, sm: 16 }, display: { xs: 'none', sm: 'inline-flex' } }}
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
      {org && <PublicFooter organisation={org} />}
    </Box>
  );
}

/** The booking flow alone, as high as its content (no 100vh: the frame's height follows the page). */
function EmbeddedPage({ organisation: org }: { organisation: Organisation | undefined }) {
  const page = useRef<HTMLDivElement>(null);
  useEmbedHeight(page, websiteOriginOf(org?.website ?? ''));
  return (
    <Box ref={page} data-embedded="true">
      <ReservationBanner />
      <Container
        component="main"
        id="main-content"
        tabIndex={-1}
        maxWidth="lg"
        sx={{ py: 3, outline: 'none' }}
      >
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </Container>
    </Box>
  );
}
