// Who signs a document, in which order, with which identity and specimen, and the e-mails that
// tell them; declines, deadlines and reminders of a signing round. The signature itself is
// document-work's (`sign-document.ts`).
export { createSignerIdentity, requireSigningIdentity } from './signer-identity.ts';
export { createSignerLinks, partyActor, type TLinkRow, type TSignerLinks } from './signer-links.ts';
export {
  insertSigned,
  markSigned,
  ownerActorOf,
  signerQueue,
  specimenOf,
} from './signing.repository.ts';
export { signingRoutes } from './signing.routes.ts';
export { createSigningService, type TSigningService } from './signing.service.ts';
export { defineSigningNoticeJob } from './signing-notice-job.ts';
export { createSigningNotices } from './signing-notices.ts';
export { createSigningReminders } from './signing-reminders.ts';
export { registerSigningSweep } from './signing-sweep-job.ts';
