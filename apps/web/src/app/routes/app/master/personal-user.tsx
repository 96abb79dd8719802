import { isSuper, RoleGate } from '@/components/role-gate';
import { PersonalUserList } from '@/features/users/components/personal-user-list';

/** /master/personal-user (super only). */
const MasterPersonalUserRoute = () => (
  <RoleGate allow={isSuper}>
    <PersonalUserList />
  </RoleGate>
);

export default MasterPersonalUserRoute;
