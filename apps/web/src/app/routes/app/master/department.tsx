import { HOME_PATH, isCompanyAdmin } from '@bubuh/contracts';
import { NoAccess } from '@/components/no-access';
import { DepartementList } from '@/features/departments/components/departement-list';
import { useSession } from '@/lib/session';

/** /master/department (company admins). */
const MasterDepartmentRoute = () => {
  const session = useSession();
  if (!session) return null;
  if (!isCompanyAdmin(session.userData.role)) return <NoAccess backTo={HOME_PATH} />;
  return <DepartementList />;
};

export default MasterDepartmentRoute;
