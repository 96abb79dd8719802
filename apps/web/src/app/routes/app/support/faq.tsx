import { SupportContentPage } from '@/features/support/components/support-content-page';

/** /support/faq. */
const FaqRoute = () => <SupportContentPage kind="faq" />;

export default FaqRoute;
