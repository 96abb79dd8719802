export { templatesRoutes } from './templates.routes.ts';
export { createTemplatesService } from './templates.service.ts';
