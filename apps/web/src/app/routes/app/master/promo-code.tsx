import { isSuper, RoleGate } from '@/components/role-gate';
import { PromoCodeList } from '@/features/billing/components/promo-code-list';

/** /master/promo-code (super only): promo and voucher codes. */
const MasterPromoCodeRoute = () => (
  <RoleGate allow={isSuper}>
    <PromoCodeList />
  </RoleGate>
);

export default MasterPromoCodeRoute;
