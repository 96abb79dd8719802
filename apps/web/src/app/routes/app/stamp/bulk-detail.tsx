import { useParams } from 'react-router-dom';
import { BatchDetail } from '@/features/bulk/components/batch-detail';

/** /stamp/bulk/{id}: a batch's files, preflight, live progress and results. */
const StampBulkDetailRoute = () => {
  const { id } = useParams();
  const batchId = Number(id);
  if (!Number.isInteger(batchId) || batchId <= 0) return null;
  return <BatchDetail key={batchId} id={batchId} />;
};

export default StampBulkDetailRoute;
