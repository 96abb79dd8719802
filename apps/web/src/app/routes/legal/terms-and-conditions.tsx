import { LegalPage } from '@/features/legal/components/legal-page';

const TermsRoute = () => <LegalPage doc="terms" />;

export default TermsRoute;
