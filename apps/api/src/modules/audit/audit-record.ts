import type { TAuditEventType } from '@bubuh/contracts';
import type { TClient } from '../../lib/client.ts';

/** Who caused an event: a signed-in user, an outside party (no account) or the platform. */
export type TAuditActor =
  | { kind: 'user'; userId: number; client?: TClient | undefined }
  | { kind: 'outside'; partyId: number; name: string; email: string; client?: TClient | undefined }
  | { kind: 'system' };

/** One event to record: what, who, the document's SHA-256 after it, and what it concerned. */
export type TAuditRecord = {
  type: TAuditEventType;
  actor: TAuditActor;
  sha256?: string | null | undefined;
  details?: Record<string, string>;
};

/** The user actor of a session or a job's actor (which carries the client that asked). */
export const userActor = (actor: {
  userId: number;
  client?: TClient | undefined;
}): TAuditActor => ({
  kind: 'user',
  userId: actor.userId,
  client: actor.client,
});
