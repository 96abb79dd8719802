import { ROUTES } from '@bubuh/contracts';
import { TemplateList } from '@/features/templates/components/template-list';

/** /stamp/bulk/template: the templates whose e-Meterai box a batch can use. */
const StampBulkTemplateRoute = () => <TemplateList backTo={ROUTES.stampBulkTemplate.path} />;

export default StampBulkTemplateRoute;
