import { HOME_PATH } from '@bubuh/contracts';
import { NoAccess } from '@/components/no-access';
import { PlanList } from '@/features/platform/components/plan-list';
import { useSession } from '@/lib/session';

/** /master/plan (super only): the plans catalogue. */
const MasterPlanRoute = () => {
  const session = useSession();
  if (!session) return null;
  if (session.userData.role !== 'super') return <NoAccess backTo={HOME_PATH} />;
  return <PlanList />;
};

export default MasterPlanRoute;
