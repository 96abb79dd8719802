import { PublicLayout } from '@/components/layouts/public-layout';
import { VerifyPanel } from '@/features/verify/components/verify-panel';

/** /services/stamp: public verification of a stamped or signed PDF (nothing is stored). */
const VerifyStampRoute = () => (
  <PublicLayout>
    <VerifyPanel />
  </PublicLayout>
);

export default VerifyStampRoute;
