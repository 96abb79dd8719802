import { ROUTES } from '@bubuh/contracts';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { QueryFallback } from '@/components/query-fallback';
import { BulkTemplateEditor } from '@/features/bulk/components/bulk-template-editor';
import { ApiError } from '@/lib/api-client';

/** /stamp/bulk/edit-template/{id}: change a bulk template. */
const StampBulkEditTemplateRoute = () => {
  const { t } = useTranslation();
  const { id } = useParams();
  const templateId = Number(id);
  const backTo = ROUTES.stampBulkTemplate.path;
  if (!Number.isInteger(templateId) || templateId <= 0)
    return (
      <QueryFallback
        pending={false}
        error={new ApiError({ status: 404, message: 'Not found' })}
        back={{ to: backTo, label: t('page.stampBulkTemplate') }}
      />
    );
  return <BulkTemplateEditor key={templateId} templateId={templateId} backTo={backTo} />;
};

export default StampBulkEditTemplateRoute;
