import { ROUTES } from '@bubuh/contracts';
import { TemplateList } from '@/features/templates/components/template-list';

/** /master/document-template: the templates, from master data. */
const MasterDocumentTemplateRoute = () => (
  <TemplateList backTo={ROUTES.masterDocumentTemplate.path} />
);

export default MasterDocumentTemplateRoute;
