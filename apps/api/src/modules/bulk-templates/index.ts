export { bulkTemplatesRoutes } from './bulk-templates.routes.ts';
export { createBulkTemplatesService } from './bulk-templates.service.ts';
