import { HOME_PATH } from '@bubuh/contracts';
import { NoAccess } from '@/components/no-access';
import { ProofReviewList } from '@/features/billing/components/proof-review-list';
import { useSession } from '@/lib/session';

/** /master/payment-proof (super only): bank-transfer proofs to confirm or reject. */
const MasterPaymentProofRoute = () => {
  const session = useSession();
  if (!session) return null;
  if (session.userData.role !== 'super') return <NoAccess backTo={HOME_PATH} />;
  return <ProofReviewList />;
};

export default MasterPaymentProofRoute;
