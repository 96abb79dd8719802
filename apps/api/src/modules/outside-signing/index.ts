// Signers outside the company: the public routes of their own link (code, document, signature).
export { outsideSigningRoutes } from './outside-signing.routes.ts';
export {
  createOutsideSigning,
  emailHint,
  type TOutsideSigning,
} from './outside-signing.service.ts';
