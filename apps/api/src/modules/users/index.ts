export { createCompanyUsersService } from './company-users.service.ts';
export { usersRoutes } from './users.routes.ts';
export { createUsersService } from './users.service.ts';
