export {
  findUserWithOrg,
  revokeOtherSessions,
  type TUserWithOrg,
  updateUser,
} from './auth.repository.ts';
export { authRoutes } from './auth.routes.ts';
export { createAuthService, toUserData } from './auth.service.ts';
