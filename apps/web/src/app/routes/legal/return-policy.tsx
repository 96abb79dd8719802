import { LegalPage } from '@/features/legal/components/legal-page';

const ReturnPolicyRoute = () => <LegalPage doc="returnPolicy" />;

export default ReturnPolicyRoute;
