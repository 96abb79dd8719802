// The work that changes a document's state with quota: stamp one, sign one, and a batch's group
// of stamps (claimed together, then stamped one by one). Each reserves a unit, does the work
// and spends the unit with the stored result (`claimed-work.ts`); a retried job takes a dead
// attempt over (`takeover.ts`), the sweep releases what a dead process left (`recovery.ts`).
export {
  defineDocumentJobs,
  documentJobRetryHorizonMs,
  jobAnswer,
  type TDocumentJobs,
} from './document-jobs.ts';
export { documentOperations, type TDocumentOperations } from './document-operations.ts';
export { documentWorkRoutes } from './document-work.routes.ts';
export { recoverStuckDocuments, STUCK_AFTER_MS } from './recovery.ts';
export {
  createSignDocument,
  type TSignDocument,
  type TSignInput,
  type TSignResult,
} from './sign-document.ts';
export {
  createStampDocument,
  type TStampDocument,
  type TStampInput,
  type TStampResult,
} from './stamp-document.ts';
export { claimManyForStamp, type TStampClaim } from './stamp-store.repository.ts';
export { createStampUpload, type TStampUpload } from './stamp-upload.ts';
export { registerStuckDocumentsSweep } from './stuck-documents-job.ts';
export type { TJobAttempt } from './takeover.ts';
