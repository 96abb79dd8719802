import { SupportContentPage } from '@/features/support/components/support-content-page';

/** /support/knowledge-base. */
const KnowledgeBaseRoute = () => <SupportContentPage kind="article" />;

export default KnowledgeBaseRoute;
