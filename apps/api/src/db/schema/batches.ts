import { bigint, date, index, integer, jsonb, pgTable, text, varchar } from 'drizzle-orm/pg-core';
import { at, counter, ref, serialId, timestamps } from './columns';

import { documents } from './documents';
import { companies, departements, users } from './org';
import { ownedRowColumns } from './owned-columns';

export type TBatchPlacementColumn = {
  page_mode: 'fixed' | 'first' | 'last';
  page: number;
  x: number;
  y: number;
  width: number;
  height: number;
};

/** Who acts and who pays for every document of a batch (plain data, as the stamp job takes it). */
export type TBatchActorColumn = {
  userId: number;
  role: 'admin' | 'user' | 'super' | 'admin-company';
  companyId: number | null;
  departementId: number | null;
};
export type TBatchPayerColumn = {
  ownerType: 'system' | 'company' | 'departement' | 'user';
  ownerId: number;
  companyId: number | null;
};

/**
 * A bulk stamping job (issue 13). The counts per item status and the files' bytes are kept here,
 * moved in the same statement or transaction as the item, so neither the progress poll nor an
 * upload counts the items table.
 */
export const batches = pgTable(
  'batches',
  {
    id: serialId(),
    companyId: ref('company_id', () => companies.id, 'restrict'),
    departementId: ref('departement_id', () => departements.id, 'set null'),
    ownerUserId: ref('owner_user_id', () => users.id, 'restrict').notNull(),
    name: varchar('name', { length: 150 }).notNull(),
    status: varchar('status', {
      length: 12,
      enum: ['draft', 'running', 'paused', 'done', 'cancelled'],
    })
      .notNull()
      .default('draft'),
    docType: varchar('doc_type', { length: 10 }).notNull(),
    docValue: integer('doc_value'),
    placement: jsonb('placement').$type<TBatchPlacementColumn>().notNull(),
    /** The owner's e-signature box: each document is signed before it is stamped (null: none). */
    esign: jsonb('esign').$type<TBatchPlacementColumn>(),
    templateId: integer('template_id'),
    actor: jsonb('actor').$type<TBatchActorColumn>().notNull(),
    payer: jsonb('payer').$type<TBatchPayerColumn>().notNull(),
    countReady: counter('count_ready'),
    countRejected: counter('count_rejected'),
    countQueued: counter('count_queued'),
    countStamping: counter('count_stamping'),
    countStamped: counter('count_stamped'),
    countFailed: counter('count_failed'),
    countCancelled: counter('count_cancelled'),
    /** Stamped items not filed in the owner's digital locker (`batch_items.locker_problem` set). */
    countUnfiled: counter('count_unfiled'),
    /**
     * The uploaded size of the batch's files (the limit BATCH_MAX_BYTES), moved with each item
     * added or removed, so an upload never sums the batch's files.
     */
    bytesTotal: bigint('bytes_total', { mode: 'number' }).notNull().default(0),
    startedAt: at('started_at'),
    finishedAt: at('finished_at'),
    ...timestamps,
  },
  (t) => [
    index('batches_company_idx').on(t.companyId, t.createdAt),
    index('batches_owner_idx').on(t.ownerUserId, t.createdAt),
    index('batches_status_idx').on(t.status),
  ],
);

/** One file of a batch; `documentId` is its document (absent when preflight refused the file). */
export const batchItems = pgTable(
  'batch_items',
  {
    id: serialId(),
    batchId: ref('batch_id', () => batches.id, 'cascade').notNull(),
    documentId: ref('document_id', () => documents.id, 'set null'),
    fileName: varchar('file_name', { length: 255 }).notNull(),
    status: varchar('status', {
      length: 10,
      enum: ['ready', 'rejected', 'queued', 'stamping', 'stamped', 'failed', 'cancelled'],
    }).notNull(),
    reason: text('reason'),
    pageCount: integer('page_count'),
    /** The job that stamps it (set before the job is sent; resent with the same id if lost). */
    jobId: varchar('job_id', { length: 40 }),
    serial: varchar('serial', { length: 64 }),
    stampedAt: at('stamped_at'),
    /** Overrides of the batch's values from its manifest (null: the batch's value). */
    docType: varchar('doc_type', { length: 10 }),
    docValue: integer('doc_value'),
    docNumber: varchar('doc_number', { length: 100 }),
    docDate: date('doc_date', { mode: 'string' }),
    /**
     * Stamped but not filed in the owner's digital locker, and why (contracts
     * `LOCKER_FILING_PROBLEMS`); null: filed, or the plan has no locker.
     */
    lockerProblem: varchar('locker_problem', {
      length: 12,
      enum: ['full', 'too_large', 'read_only', 'failed'],
    }),
    ...timestamps,
  },
  (t) => [
    index('batch_items_batch_idx').on(t.batchId, t.status, t.id),
    index('batch_items_document_idx').on(t.documentId),
  ],
);

/**
 * A bulk template: a batch's defaults and boxes, each anchored to a fixed, the first or the last
 * page. Shared inside a company; a personal account (no company) keeps its own.
 */
export const bulkTemplates = pgTable(
  'bulk_templates',
  {
    ...ownedRowColumns(),
    docType: varchar('doc_type', { length: 10 }).notNull(),
    docValue: integer('doc_value'),
    emeterai: jsonb('emeterai').$type<TBatchPlacementColumn>().notNull(),
    esign: jsonb('esign').$type<TBatchPlacementColumn>(),
    ...timestamps,
  },
  (t) => [
    index('bulk_templates_company_idx').on(t.companyId, t.createdAt),
    index('bulk_templates_owner_idx').on(t.ownerUserId),
  ],
);
