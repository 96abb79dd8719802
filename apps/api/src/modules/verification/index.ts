export { verificationRoutes } from './verification.routes.ts';
export { createVerificationService } from './verification.service.ts';
