import { DocumentList } from '@/features/documents/components/document-list';

/** /stamp: My e-Document, the single-stamp history with its actions. */
const MyDocumentsRoute = () => <DocumentList mode="all" />;

export default MyDocumentsRoute;
