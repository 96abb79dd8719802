export { connectionCheckRoutes } from './connection-check.routes.ts';
