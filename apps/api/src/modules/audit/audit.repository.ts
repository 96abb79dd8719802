import { asc, eq, type SQL, sql } from 'drizzle-orm';
import type { TDb, TTx } from '../../db/client.ts';
import { documentAuditEvents, users } from '../../db/schema.ts';
import type { TAuditRecord } from './audit-record.ts';

type TDbOrTx = TDb | TTx;

/**
 * The row of one event. A user actor's name and e-mail are read as they are now, in the insert;
 * an event that leaves the file as it was carries the SHA-256 the document's last event recorded.
 */
const rowOf = (documentId: number | SQL, record: TAuditRecord) => {
  const { actor } = record;
  const userId = actor.kind === 'user' ? actor.userId : null;
  return {
    type: record.type,
    actorKind: actor.kind,
    actorUserId: userId,
    actorPartyId: actor.kind === 'outside' ? actor.partyId : null,
    actorName:
      actor.kind === 'user'
        ? sql`(select ${users.fullName} from ${users} where ${users.id} = ${userId})`
        : actor.kind === 'outside'
          ? actor.name
          : null,
    actorEmail:
      actor.kind === 'user'
        ? sql`(select ${users.email} from ${users} where ${users.id} = ${userId})`
        : actor.kind === 'outside'
          ? actor.email
          : null,
    ipAddress: actor.kind === 'system' ? null : (actor.client?.ip ?? null),
    userAgent: actor.kind === 'system' ? null : (actor.client?.userAgent?.slice(0, 300) ?? null),
    sha256:
      record.sha256 ??
      sql`(select ${documentAuditEvents.sha256} from ${documentAuditEvents}
        where ${documentAuditEvents.documentId} = ${documentId} and ${documentAuditEvents.sha256} is not null
        order by ${documentAuditEvents.id} desc limit 1)`,
    details: record.details ?? {},
  };
};

/** Records one event of a document (`companyId`: the document's company). */
export const insertAuditEvent = async (
  db: TDbOrTx,
  documentId: number,
  companyId: number | null,
  record: TAuditRecord,
) => {
  await db
    .insert(documentAuditEvents)
    .values({ documentId, companyId, ...rowOf(documentId, record) });
};

/**
 * The insert of one event as an unrun statement, made only when `when` (a query of the
 * caller's statement) answers a row: a stamp stores its document, unit, serial and event together.
 */
export const auditInsertWhen = (
  db: TDbOrTx,
  documentId: number | SQL,
  companyId: number | null,
  record: TAuditRecord,
  when: SQL,
) => {
  const row = rowOf(documentId, record);
  return db
    .insert(documentAuditEvents)
    .select(
      // Every column in table order (drizzle lists them all), the id from its own sequence.
      sql`select nextval('document_audit_events_id_seq'), (${documentId})::integer, ${companyId}::integer, ${row.type}, ${row.actorKind},
      ${row.actorUserId}::integer, ${row.actorPartyId}::integer, ${row.actorName}, ${row.actorEmail},
      ${row.ipAddress}, ${row.userAgent}, ${row.sha256}, ${JSON.stringify(row.details)}::jsonb, now()
      where exists (${when})`,
    )
    .returning({ auditId: documentAuditEvents.id });
};

/** A document's events, oldest first. */
export const eventsOf = (db: TDbOrTx, documentId: number) =>
  db
    .select()
    .from(documentAuditEvents)
    .where(eq(documentAuditEvents.documentId, documentId))
    .orderBy(asc(documentAuditEvents.id));

/**
 * Whether `who` (a user or an outside party) has an event of `type` on the document already:
 * a party's first look is recorded once, not on every visit.
 */
export const hasEventBy = async (
  db: TDbOrTx,
  documentId: number,
  type: string,
  who: { userId: number } | { partyId: number },
): Promise<boolean> => {
  const actor =
    'userId' in who
      ? sql`${documentAuditEvents.actorUserId} = ${who.userId}`
      : sql`${documentAuditEvents.actorPartyId} = ${who.partyId}`;
  const rows = await db
    .select({ id: documentAuditEvents.id })
    .from(documentAuditEvents)
    .where(
      sql`${documentAuditEvents.documentId} = ${documentId} and ${documentAuditEvents.type} = ${type} and ${actor}`,
    )
    .limit(1);
  return rows.length > 0;
};
