import { LegalPage } from '@/features/legal/components/legal-page';

const PrivacyRoute = () => <LegalPage doc="privacy" />;

export default PrivacyRoute;
