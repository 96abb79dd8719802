export { lockDepartement } from './departements.repository.ts';
export { departementsRoutes } from './departements.routes.ts';
export { createDepartementsService } from './departements.service.ts';
