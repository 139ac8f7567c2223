import { NavLink } from 'react-router';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { hasAccess, type User } from '@balie/shared';
import { Logo } from '../../components/Logo';
import { NAV_ITEMS } from '../navigation';

/** The drawer's content: logo, who is signed in, and the spec §2 items this user's roles allow. */
export function SideNav({ user, onNavigate }: { user: User; onNavigate?: () => void }) {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
      <Toolbar sx={{ bgcolor: 'primary.main', color: 'primary.contrastText' }}>
        <Logo />
      </Toolbar>
      <Box sx={{ px: 2.5, py: 2 }}>
        <Typography sx={{ fontWeight: 600 }} noWrap title={user.fullName}>
          {user.fullName}
        </Typography>
        <Typography variant="body2" color="text.secondary" noWrap title={user.email}>
          {user.email}
        </Typography>
      </Box>
      <Divider />
      <List component="ul" aria-label={t('nav.label')} sx={{ px: 1 }}>
        {NAV_ITEMS.filter((item) => hasAccess(user.roles, item.role)).map(({ key, path, icon: Icon }) => (
          <li key={key}>
            <ListItemButton
              component={NavLink}
              to={path}
              onClick={onNavigate}
              sx={{
                borderRadius: 1,
                my: 0.25,
                '&.active': { bgcolor: 'action.selected', color: 'primary.main', fontWeight: 600 },
                '&.active .MuiListItemIcon-root': { color: 'primary.main' },
              }}
            >
              <ListItemIcon sx={{ minWidth: 40 }}>
                <Icon />
              </ListItemIcon>
              <ListItemText primary={t(`nav.${key}`)} />
            </ListItemButton>
          </li>
        ))}
      </List>
    </Box>
  );
}
