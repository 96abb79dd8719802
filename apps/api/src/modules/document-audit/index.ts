// A document's audit trail as its owner and an auditor see it: the timeline of the details
// drawer and the completion certificate, sealed by the platform. The trail itself: `audit`.
export { documentAuditRoutes } from './document-audit.routes.ts';
export { createDocumentAudit, type TDocumentAudit } from './document-audit.service.ts';
