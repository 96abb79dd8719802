import { bigserial, index, integer, jsonb, pgTable, varchar } from 'drizzle-orm/pg-core';
import { atNow } from './columns';

/**
 * A document's audit trail: one row per event, append-only. Migration 0031 makes the database
 * refuse UPDATE, DELETE and TRUNCATE of these rows, so not even the API can rewrite history.
 * No foreign keys: the trail outlives the document, its users and its company, and who acted is
 * kept as they were named then (a later rename does not change the record).
 */
export const documentAuditEvents = pgTable(
  'document_audit_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    documentId: integer('document_id').notNull(),
    /** The document's company (null for a personal user's document): reads are scoped by it. */
    companyId: integer('company_id'),
    type: varchar('type', { length: 20 }).notNull(),
    actorKind: varchar('actor_kind', { length: 10, enum: ['user', 'outside', 'system'] }).notNull(),
    actorUserId: integer('actor_user_id'),
    /** An outside party's id (a signer without an account). */
    actorPartyId: integer('actor_party_id'),
    actorName: varchar('actor_name', { length: 150 }),
    actorEmail: varchar('actor_email', { length: 255 }),
    ipAddress: varchar('ip_address', { length: 64 }),
    userAgent: varchar('user_agent', { length: 300 }),
    /** The document's SHA-256 after the event (the file as it was once the event happened). */
    sha256: varchar('sha256', { length: 64 }),
    details: jsonb('details').$type<Record<string, string>>().notNull().default({}),
    at: atNow('at'),
  },
  (t) => [index('document_audit_events_document_idx').on(t.documentId, t.id)],
);
