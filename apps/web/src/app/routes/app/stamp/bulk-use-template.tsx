import { useNavigate, useParams } from 'react-router-dom';
import { BatchList } from '@/features/bulk/components/batch-list';
import { bulkBatchPath } from '@/lib/document-paths';

/** /stamp/bulk/use-template/{id}: the batches with "New batch" open on that template. */
const StampBulkUseTemplateRoute = () => {
  const navigate = useNavigate();
  const templateId = Number(useParams().id);
  return (
    <BatchList
      detailPath={bulkBatchPath}
      onCreated={(id) => navigate(bulkBatchPath(id))}
      templateId={Number.isInteger(templateId) && templateId > 0 ? templateId : null}
    />
  );
};

export default StampBulkUseTemplateRoute;
