import { isSuper, RoleGate } from '@/components/role-gate';
import { ProofReviewList } from '@/features/billing/components/proof-review-list';

/** /master/payment-proof (super only): bank-transfer proofs to confirm or reject. */
const MasterPaymentProofRoute = () => (
  <RoleGate allow={isSuper}>
    <ProofReviewList />
  </RoleGate>
);

export default MasterPaymentProofRoute;
