import { ROUTES } from '@bubuh/contracts';
import { useParams, useSearchParams } from 'react-router-dom';
import { TemplateEditor } from '@/features/templates/components/template-editor';
import { safeRedirect } from '@/lib/session';

/** /master/edit-document-template/{id}; `new` creates one. `?back=` is the list to return to. */
const EditDocumentTemplateRoute = () => {
  const { id } = useParams();
  const [params] = useSearchParams();
  const backTo = safeRedirect(params.get('back'), ROUTES.masterDocumentTemplate.path);
  const templateId = id === 'new' ? null : Number(id);
  if (templateId !== null && (!Number.isInteger(templateId) || templateId <= 0)) return null;
  return <TemplateEditor key={id} templateId={templateId} backTo={backTo} />;
};

export default EditDocumentTemplateRoute;
