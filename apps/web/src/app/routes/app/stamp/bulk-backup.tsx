import { BatchBackup } from '@/features/bulk/components/batch-backup';

/** /stamp/bulk/backup: the originals of the batches, browsed by batch. */
const StampBulkBackupRoute = () => <BatchBackup />;

export default StampBulkBackupRoute;
