import { HOME_PATH } from '@bubuh/contracts';
import { NoAccess } from '@/components/no-access';
import { PersonalUserList } from '@/features/users/components/personal-user-list';
import { useSession } from '@/lib/session';

/** /master/personal-user (super only). */
const MasterPersonalUserRoute = () => {
  const session = useSession();
  if (!session) return null;
  if (session.userData.role !== 'super') return <NoAccess backTo={HOME_PATH} />;
  return <PersonalUserList />;
};

export default MasterPersonalUserRoute;
