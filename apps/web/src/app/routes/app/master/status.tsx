import { isSuper, RoleGate } from '@/components/role-gate';
import { StatusList } from '@/features/platform/components/status-list';

/** /master/status (super only): the configuration values (master status entries). */
const MasterStatusRoute = () => (
  <RoleGate allow={isSuper}>
    <StatusList />
  </RoleGate>
);

export default MasterStatusRoute;
