import { Suspense, useState } from 'react';
import { Outlet } from 'react-router';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import MenuIcon from '@mui/icons-material/Menu';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '../../components/PageLoader';
import { SkipLink } from '../../components/SkipLink';
import { useCurrentUser } from '../../session/useCurrentUser';
import { SIDE_NAV_WIDTH } from '../../lib/layout';
import { LanguageSwitch } from './LanguageSwitch';
import { SideNav } from './SideNav';
import { UserMenu } from './UserMenu';

/** Signed-in pages (spec §2): side navigation (permanent from md up, a drawer on phones), header, content. */
export function DashboardLayout() {
  const { t } = useTranslation();
  const { user } = useCurrentUser();
  const [drawerOpen, setDrawerOpen] = useState(false);
  // RequireRole renders this layout only once the user is known.
  if (!user) return <PageLoader />;
  const paper = { boxSizing: 'border-box', width: SIDE_NAV_WIDTH } as const;
  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      <SkipLink />
      <AppBar
        position="fixed"
        component="header"
        sx={{ width: { md: `calc(100% - ${SIDE_NAV_WIDTH}px)` }, ml: { md: `${SIDE_NAV_WIDTH}px` } }}
      >
        <Toolbar>
          <IconButton
            color="inherit"
            edge="start"
            aria-label={t('nav.open')}
            aria-controls="side-navigation"
            aria-expanded={drawerOpen}
            onClick={() => setDrawerOpen(true)}
            sx={{ mr: 1, display: { md: 'none' } }}
          >
            <MenuIcon />
          </IconButton>
          <Box sx={{ flexGrow: 1 }} />
          <LanguageSwitch />
          <UserMenu user={user} />
        </Toolbar>
      </AppBar>
      <Box
        component="nav"
        id="side-navigation"
        aria-label={t('nav.label')}
        sx={{ width: { md: SIDE_NAV_WIDTH }, flexShrink: { md: 0 } }}
      >
        <Drawer
          variant="temporary"
          open={drawerOpen}
          onClose={() => setDrawerOpen(false)}
          sx={{ display: { xs: 'block', md: 'none' }, '& .MuiDrawer-paper': paper }}
        >
          <SideNav user={user} onNavigate={() => setDrawerOpen(false)} />
        </Drawer>
        <Drawer
          variant="permanent"
          open
          sx={{ display: { xs: 'none', md: 'block' }, '& .MuiDrawer-paper': paper }}
        >
          <SideNav user={user} />
        </Drawer>
      </Box>
      <Box
        component="main"
        id="main-content"
        tabIndex={-1}
        sx={{ flexGrow: 1, minWidth: 0, p: { xs: 2, md: 4 }, outline: 'none' }}
      >
        <Toolbar aria-hidden />
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </Box>
    </Box>
  );
}
