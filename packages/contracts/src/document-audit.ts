import { z } from 'zod';
import { ZEnvelope } from './envelope.ts';

/**
 * What can happen to a document, as its audit trail records it (append-only: the database
 * refuses to change or remove a recorded event). The completion certificate lists them.
 */
export const AUDIT_EVENT_TYPES = [
  'uploaded',
  'edited',
  'parties-set',
  'sent',
  'opened',
  'link-revoked',
  'code-verified',
  'approved',
  'rejected',
  'signed',
  'stamped',
  'downloaded',
  'reminded',
  'declined',
  'expired',
  'signing-ended',
  'cancelled',
  'deleted',
] as const;
export const ZAuditEventType = z.enum(AUDIT_EVENT_TYPES);
export type TAuditEventType = z.infer<typeof ZAuditEventType>;

/** One recorded event, as the timeline and the certificate show it. */
export const ZAuditEvent = z.object({
  id: z.number().int(),
  type: ZAuditEventType,
  at: z.string(),
  /** Who acted: a user's name, an outside party's, or null for the platform itself. */
  actor_name: z.string().nullable(),
  actor_email: z.string().nullable(),
  /** `user`, `outside` (a party without an account) or `system` (a job, the deadline). */
  actor_kind: z.enum(['user', 'outside', 'system']),
  ip_address: z.string().nullable(),
  user_agent: z.string().nullable(),
  /** The document's SHA-256 once the event happened (the file as it was then). */
  sha256: z.string().nullable(),
  /** What the event concerned: the party told, the serial, a reason; plain strings only. */
  details: z.record(z.string(), z.string()),
});
export type TAuditEvent = z.infer<typeof ZAuditEvent>;

export const ZDocumentTimeline = z.object({
  document_id: z.number().int(),
  events: z.array(ZAuditEvent),
});
export type TDocumentTimeline = z.infer<typeof ZDocumentTimeline>;
export const ZDocumentTimelineResponse = ZEnvelope(ZDocumentTimeline);
