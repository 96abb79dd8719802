import { HOME_PATH } from '@bubuh/contracts';
import { NoAccess } from '@/components/no-access';
import { PromoCodeList } from '@/features/billing/components/promo-code-list';
import { useSession } from '@/lib/session';

/** /master/promo-code (super only): promo and voucher codes. */
const MasterPromoCodeRoute = () => {
  const session = useSession();
  if (!session) return null;
  if (session.userData.role !== 'super') return <NoAccess backTo={HOME_PATH} />;
  return <PromoCodeList />;
};

export default MasterPromoCodeRoute;
