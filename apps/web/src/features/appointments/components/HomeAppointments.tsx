import { hasAccess } from '@balie/shared';
import { useCurrentUser } from '../../../session/useCurrentUser';
import { TodayScreen } from './today/TodayScreen';
import { UpcomingAppointments } from './UpcomingAppointments';

/** The appointments part of /home: the day's desk work for staff (admins too), one's own next ones for users. */
export default function HomeAppointments() {
  const { user } = useCurrentUser();
  if (!user) return null;
  return hasAccess(user.roles, 'ROLE_STAFF') ? <TodayScreen /> : <UpcomingAppointments />;
}
