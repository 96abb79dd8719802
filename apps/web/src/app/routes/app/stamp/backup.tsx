import { DocumentList } from '@/features/documents/components/document-list';

/** /stamp/backup: the stamped documents, to download again. */
const StampBackupRoute = () => <DocumentList mode="backup" />;

export default StampBackupRoute;
