import { useNavigate } from 'react-router-dom';
import { BatchList } from '@/features/bulk/components/batch-list';
import { bulkBatchPath } from '@/lib/document-paths';

/** /stamp/bulk: the batches; a new one opens on its own page for its files. */
const StampBulkRoute = () => {
  const navigate = useNavigate();
  return <BatchList detailPath={bulkBatchPath} onCreated={(id) => navigate(bulkBatchPath(id))} />;
};

export default StampBulkRoute;
