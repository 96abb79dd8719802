import { ROUTES } from '@bubuh/contracts';
import { TemplateList } from '@/features/templates/components/template-list';

/** /stamp/document-template: the templates, from the stamping area. */
const StampDocumentTemplateRoute = () => (
  <TemplateList backTo={ROUTES.stampDocumentTemplate.path} />
);

export default StampDocumentTemplateRoute;
