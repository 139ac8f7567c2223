import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import PersonOutlined from '@mui/icons-material/PersonOutlined';
import Logout from '@mui/icons-material/Logout';
import { useTranslation } from 'react-i18next';
import type { User } from '@balie/shared';
import { useLogout } from '../../session/useLogout';

function initialsOf(user: User): string {
  const parts = [user.firstName, user.lastName].filter(Boolean) as string[];
  const letters = parts.length > 0 ? parts.map((p) => p[0]) : [user.email[0]];
  return letters.join('').toUpperCase();
}

/** Spec §2: the user menu shows full name and e-mail, links to /profile and logs out. */
export function UserMenu({ user }: { user: User }) {
  const { t } = useTranslation();
  const logout = useLogout();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <IconButton
        onClick={(e) => setAnchor(e.currentTarget)}
        // The accessible name starts with the visible initials (WCAG 2.5.3 label in name).
        aria-label={`${initialsOf(user)}, ${t('user_menu.open')}`}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        aria-controls={anchor ? 'user-menu' : undefined}
        sx={{ ml: 1 }}
      >
        {/* The initials decorate; the button's name says what it does (WCAG 2.5.3). */}
        <Avatar
          aria-hidden="true"
          sx={{ bgcolor: 'secondary.light', color: 'primary.contrastText', width: 40, height: 40 }}
        >
          {initialsOf(user)}
        </Avatar>
      </IconButton>
      <Menu
        id="user-menu"
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        <Box sx={{ px: 2, py: 1 }}>
          <Typography sx={{ fontWeight: 600 }}>{user.fullName}</Typography>
          <Typography variant="body2" color="text.secondary">
            {user.email}
          </Typography>
        </Box>
        <Divider />
        <MenuItem component={RouterLink} to="/profile" onClick={() => setAnchor(null)}>
          <ListItemIcon>
            <PersonOutlined fontSize="small" />
          </ListItemIcon>
          {t('user_menu.profile')}
        </MenuItem>
        <MenuItem
          onClick={() => {
            setAnchor(null);
            void logout();
          }}
        >
          <ListItemIcon>
            <Logout fontSize="small" />
          </ListItemIcon>
          {t('user_menu.logout')}
        </MenuItem>
      </Menu>
    </>
  );
}
