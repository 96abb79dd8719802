import { DocumentList } from '@/features/stamping/components/document-list';

/** /stamp/backup: the stamped documents, to download again. */
const StampBackupRoute = () => <DocumentList mode="backup" />;

export default StampBackupRoute;
