import { ROUTES } from '@bubuh/contracts';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router-dom';
import { NotFoundFallback } from '@/components/query-fallback';
import { TemplateEditor } from '@/features/templates/components/template-editor';
import { safeRedirect } from '@/lib/session';

/** /master/edit-document-template/{id}; `new` creates one. `?back=` is the list to return to. */
const EditDocumentTemplateRoute = () => {
  const { t } = useTranslation();
  const { id } = useParams();
  const [params] = useSearchParams();
  const backTo = safeRedirect(params.get('back'), ROUTES.masterDocumentTemplate.path);
  const templateId = id === 'new' ? null : Number(id);
  if (templateId !== null && (!Number.isInteger(templateId) || templateId <= 0))
    return <NotFoundFallback back={{ to: backTo, label: t('page.masterDocumentTemplate') }} />;
  return <TemplateEditor key={id} templateId={templateId} backTo={backTo} />;
};

export default EditDocumentTemplateRoute;
