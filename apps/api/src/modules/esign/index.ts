export { esignRoutes } from './esign.routes.ts';
export { createEsignService } from './esign.service.ts';
