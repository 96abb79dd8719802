// e-Meterai serials: issued by the provider, kept per document, used again after a failed
// stamp. The stamp itself is document-work's (`stamp-document.ts`).
export {
  failIssuedSerials,
  insertSerial,
  reusableSerialOf,
  serialById,
  serialStampedUpdate,
  setSerialStatus,
} from './serials.repository.ts';
export { stampingRoutes } from './stamping.routes.ts';
