export { masterStatusRoutes } from './master-status.routes.ts';
