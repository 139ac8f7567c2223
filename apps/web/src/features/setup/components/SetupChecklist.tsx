import { skipToken } from '@reduxjs/toolkit/query/react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import CheckCircle from '@mui/icons-material/CheckCircle';
import RadioButtonUnchecked from '@mui/icons-material/RadioButtonUnchecked';
import { useTranslation } from 'react-i18next';
import { hasAccess, type SetupChecklistItem } from '@balie/shared';
import { visuallyHidden } from '../../../lib/visuallyHidden';
import { useCurrentUser } from '../../../session/useCurrentUser';
import { useGetSetupChecklistQuery } from '../api';

/**
 * The screen where each item is done. A new item is a key in `SETUP_CHECKLIST_ITEMS`, a line here and
 * its texts; the server says whether it is done.
 */
const SCREENS: Record<SetupChecklistItem, string> = {
  organisation: '/organisation',
  location: '/locations',
  desk: '/front-desks',
  product: '/products',
  booking: '/new',
};

type KnownItem = { key: keyof typeof SCREENS; done: boolean; locationId?: number };
/** The location item opens the location the server names (the one still without an address). */
const screenOf = (item: KnownItem) =>
  item.key === 'location' && item.locationId !== undefined
    ? `/location/${item.locationId}`
    : SCREENS[item.key];

/** An item this page has a screen and texts for; any other is left out rather than shown as a raw key. */
const isKnown = (item: { key: string; done: boolean }): item is KnownItem => item.key in SCREENS;

/**
 * The first-run checklist on an admin's dashboard (DESIGN §4b): each item links to its screen and is
 * ticked when the data shows it done; the whole card goes once every item is (decision 0302).
 */
export default function SetupChecklist() {
  const { t } = useTranslation('setup');
  const { user } = useCurrentUser();
  const isAdmin = hasAccess(user?.roles, 'ROLE_ADMIN');
  // Asked again on every visit: the admin comes back here from the screen that did an item.
  const { data } = useGetSetupChecklistQuery(isAdmin ? undefined : skipToken, {
    refetchOnMountOrArgChange: true,
  });
  const items = (data?.items ?? []).filter(isKnown);
  if (items.length === 0 || items.every((i) => i.done)) return null;
  const done = items.filter((i) => i.done).length;
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="setup-checklist-title"
      sx={{ p: { xs: 2.5, sm: 4 } }}
    >
      <Typography variant="h5" component="h2" id="setup-checklist-title">
        {t('checklist.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 1 }}>
        {t('checklist.intro')}
      </Typography>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mt: 2 }}>
        <LinearProgress
          variant="determinate"
          value={(done / items.length) * 100}
          aria-hidden
          sx={{ flexGrow: 1, height: 8, borderRadius: 4 }}
        />
        <Typography variant="body2" sx={{ whiteSpace: 'nowrap' }}>
          {t('checklist.progress', { done, total: items.length })}
        </Typography>
      </Box>
      <List sx={{ mt: 1 }}>
        {items.map((item) => (
          <ListItem key={item.key} disableGutters>
            <ListItemIcon sx={{ minWidth: 40 }}>
              {item.done ? (
                <CheckCircle color="success" aria-hidden />
              ) : (
                <RadioButtonUnchecked color="action" aria-hidden />
              )}
            </ListItemIcon>
            <Box>
              <Link component={RouterLink} to={screenOf(item)}>
                {t(`checklist.items.${item.key}.title`)}
              </Link>
              <Box component="span" sx={visuallyHidden}>
                {` (${t(item.done ? 'checklist.done' : 'checklist.to_do')})`}
              </Box>
              <Typography variant="body2" color="text.secondary">
                {t(`checklist.items.${item.key}.help`)}
              </Typography>
            </Box>
          </ListItem>
        ))}
      </List>
    </Paper>
  );
}
