import { useCurrentUser } from '../../../session/useCurrentUser';
import { TodayScreen } from './today/TodayScreen';
import { UpcomingAppointments } from './UpcomingAppointments';

/** The appointments part of /home: the day's desk work for admins, one's own next ones for users. */
export default function HomeAppointments() {
  const { user } = useCurrentUser();
  if (!user) return null;
  return user.roles.includes('ROLE_ADMIN') ? <TodayScreen /> : <UpcomingAppointments />;
}
