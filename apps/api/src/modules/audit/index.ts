// A document's audit trail: the append-only record of who did what to it, when and from where.
// Modules record their events here; the timeline and the certificate read them (document-audit).

export {
  auditInsertWhen,
  eventsOf,
  hasEventBy,
  insertAuditEvent,
} from './audit.repository.ts';
export {
  type TAuditActor,
  type TAuditRecord,
  userActor,
} from './audit-record.ts';
