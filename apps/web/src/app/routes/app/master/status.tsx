import { HOME_PATH } from '@bubuh/contracts';
import { NoAccess } from '@/components/no-access';
import { StatusList } from '@/features/platform/components/status-list';
import { useSession } from '@/lib/session';

/** /master/status (super only): the configuration values (master status entries). */
const MasterStatusRoute = () => {
  const session = useSession();
  if (!session) return null;
  if (session.userData.role !== 'super') return <NoAccess backTo={HOME_PATH} />;
  return <StatusList />;
};

export default MasterStatusRoute;
