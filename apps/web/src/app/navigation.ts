import type { SvgIconComponent } from '@mui/icons-material';
import DashboardOutlined from '@mui/icons-material/DashboardOutlined';
import CalendarMonthOutlined from '@mui/icons-material/CalendarMonthOutlined';
import EventNoteOutlined from '@mui/icons-material/EventNoteOutlined';
import PlaceOutlined from '@mui/icons-material/PlaceOutlined';
import StorefrontOutlined from '@mui/icons-material/StorefrontOutlined';
import Inventory2Outlined from '@mui/icons-material/Inventory2Outlined';
import ApartmentOutlined from '@mui/icons-material/ApartmentOutlined';
import PeopleOutlined from '@mui/icons-material/PeopleOutlined';
import HistoryOutlined from '@mui/icons-material/HistoryOutlined';
import PrivacyTipOutlined from '@mui/icons-material/PrivacyTipOutlined';
import InsightsOutlined from '@mui/icons-material/InsightsOutlined';
import HubOutlined from '@mui/icons-material/HubOutlined';
import KeyOutlined from '@mui/icons-material/KeyOutlined';
import SettingsSuggestOutlined from '@mui/icons-material/SettingsSuggestOutlined';
import HourglassEmptyOutlined from '@mui/icons-material/HourglassEmptyOutlined';
import type { Role } from '@balie/shared';

export interface NavItem {
  /** Key in common:nav. */
  key: string;
  path: string;
  role?: Role;
  icon: SvgIconComponent;
}

/** Side navigation of spec §2, in order; items are shown when hasAccess(user.roles, role). */
export const NAV_ITEMS: readonly NavItem[] = [
  { key: 'dashboard', path: '/home', icon: DashboardOutlined },
  { key: 'calendar', path: '/calendar', role: 'ROLE_USER', icon: CalendarMonthOutlined },
  { key: 'appointments', path: '/appointments', role: 'ROLE_USER', icon: EventNoteOutlined },
  { key: 'locations', path: '/locations', role: 'ROLE_ADMIN', icon: PlaceOutlined },
  { key: 'front_desks', path: '/front-desks', role: 'ROLE_ADMIN', icon: StorefrontOutlined },
  { key: 'products', path: '/products', role: 'ROLE_ADMIN', icon: Inventory2Outlined },
  { key: 'organisation', path: '/organisation', role: 'ROLE_ADMIN', icon: ApartmentOutlined },
  { key: 'users', path: '/users', role: 'ROLE_ADMIN', icon: PeopleOutlined },
  { key: 'integrations', path: '/integrations', role: 'ROLE_ADMIN', icon: HubOutlined },
  { key: 'staff_sign_in', path: '/staff-sign-in', role: 'ROLE_ADMIN', icon: KeyOutlined },
  { key: 'statistics', path: '/statistics', role: 'ROLE_ADMIN', icon: InsightsOutlined },
  { key: 'waitlist', path: '/waitlist', role: 'ROLE_ADMIN', icon: HourglassEmptyOutlined },
  { key: 'audit', path: '/audit', role: 'ROLE_ADMIN', icon: HistoryOutlined },
  { key: 'privacy', path: '/privacy-requests', role: 'ROLE_ADMIN', icon: PrivacyTipOutlined },
  { key: 'system', path: '/system', role: 'ROLE_ADMIN', icon: SettingsSuggestOutlined },
];
