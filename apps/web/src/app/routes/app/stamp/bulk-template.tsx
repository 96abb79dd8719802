import { BulkTemplateList } from '@/features/bulk/components/bulk-template-list';

/** /stamp/bulk/template: the bulk templates (page anchors, the runner's e-signature). */
const StampBulkTemplateRoute = () => <BulkTemplateList />;

export default StampBulkTemplateRoute;
