import { isCompanyAdmin } from '@bubuh/contracts';
import { RoleGate } from '@/components/role-gate';
import { DepartementList } from '@/features/departments/components/departement-list';

/** /master/department (company admins). */
const MasterDepartmentRoute = () => (
  <RoleGate allow={isCompanyAdmin}>
    <DepartementList />
  </RoleGate>
);

export default MasterDepartmentRoute;
