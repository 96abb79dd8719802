import { ROUTES } from '@bubuh/contracts';
import { BulkTemplateEditor } from '@/features/bulk/components/bulk-template-editor';

/** /stamp/bulk/create-template: a new bulk template. */
const StampBulkCreateTemplateRoute = () => (
  <BulkTemplateEditor templateId={null} backTo={ROUTES.stampBulkTemplate.path} />
);

export default StampBulkCreateTemplateRoute;
