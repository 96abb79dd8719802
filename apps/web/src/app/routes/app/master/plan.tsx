import { isSuper, RoleGate } from '@/components/role-gate';
import { PlanList } from '@/features/platform/components/plan-list';

/** /master/plan (super only): the plans catalogue. */
const MasterPlanRoute = () => (
  <RoleGate allow={isSuper}>
    <PlanList />
  </RoleGate>
);

export default MasterPlanRoute;
