import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { at, atNow, counter, ref, serialId, timestamps } from './columns';

import { companies, users } from './org';
import { ownedRowColumns } from './owned-columns';

/** Signature specimens of a user (drawn on a pad or uploaded), stored as transparent PNGs. */
export const esignSpecimens = pgTable(
  'esign_specimens',
  {
    id: serialId(),
    userId: ref('user_id', () => users.id, 'cascade').notNull(),
    name: varchar('name', { length: 100 }).notNull(),
    source: varchar('source', { length: 10, enum: ['drawn', 'upload'] }).notNull(),
    fileKey: varchar('file_key', { length: 200 }).notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    ...timestamps,
  },
  (t) => [
    index('esign_specimens_user_idx').on(t.userId),
    /** One default specimen per user at most, whatever runs in parallel. */
    uniqueIndex('esign_specimens_one_default_uq').on(t.userId).where(sql`${t.isDefault}`),
  ],
);

export type TPlacement = { page: number; x: number; y: number; width: number; height: number };
export type TEsignPlacement = TPlacement & { user_id: number; specimen_id?: number | null };

/** A JavaScript action found in an upload (`@bubuh/pdf` `JavaScriptAction`, stored as is). */
export type TJavaScriptAction = {
  location: string;
  page: number | null;
  trigger: string | null;
  name: string | null;
  excerpt: string;
};

/** Document placements saved with a draft or a template (PDF points, bottom-left origin). */
export type TPlacements = { emeterai: TPlacement | null; esign: TEsignPlacement[] };

/**
 * An uploaded PDF and its life (`state`, see contracts document-state.ts). The original file is kept;
 * every signature or stamp adds a new version (incremental update) stored under current_key.
 */
export const documents = pgTable(
  'documents',
  {
    id: serialId(),
    companyId: ref('company_id', () => companies.id, 'restrict'),
    departementId: integer('departement_id'),
    ownerUserId: ref('owner_user_id', () => users.id, 'restrict').notNull(),
    fileName: varchar('file_name', { length: 255 }).notNull(),
    /**
     * The name in lower case, kept by PostgreSQL: the search matches it with LIKE, which is
     * several times cheaper per row than ILIKE on `file_name` (a search counts up to 1,001 rows).
     */
    fileNameFolded: text('file_name_folded').generatedAlwaysAs(sql`lower(file_name)`),
    originalKey: varchar('original_key', { length: 200 }).notNull(),
    currentKey: varchar('current_key', { length: 200 }).notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    sha256: varchar('sha256', { length: 64 }).notNull(),
    pageCount: integer('page_count').notNull(),
    pages: jsonb('pages').$type<{ width: number; height: number }[]>().notNull(),
    /** The one lifecycle state (`@bubuh/contracts` document-state): changed only by `transition`. */
    state: varchar('state', {
      length: 12,
      enum: [
        'draft',
        'signing',
        'signed',
        'esigning',
        'stamping',
        'stamped',
        'cancelled',
        'stopped',
      ],
    })
      .notNull()
      .default('draft'),
    /** Which services the document gets (emeterai, esign or both): not its state. */
    signingMethod: varchar('signing_method', {
      length: 20,
      enum: ['emeterai', 'esign', 'esign-emeterai'],
    }),
    placements: jsonb('placements')
      .$type<TPlacements>()
      .notNull()
      .default({ emeterai: null, esign: [] }),
    docType: varchar('doc_type', { length: 10 }),
    /** Whole rupiah; bigint so values above 2^31 fit (bounded to 2^53 - 1 by the contracts). */
    docValue: bigint('doc_value', { mode: 'number' }),
    /** The document's own number and date (Peruri `nodoc`, `tgldoc`), when its owner gave them. */
    docNumber: varchar('doc_number', { length: 50 }),
    docDate: date('doc_date', { mode: 'string' }),
    templateId: integer('template_id'),
    serialNumberId: integer('serial_number_id'),
    psreId: varchar('psre_id', { length: 100 }),
    psrePath: varchar('psre_path', { length: 300 }),
    lastError: text('last_error'),
    stampedAt: at('stamped_at'),
    /**
     * The upload as received, kept when its cross-reference data was damaged and the stored file
     * (original_key) is the engine's full rewrite; null for files stored as uploaded.
     */
    uploadKey: varchar('upload_key', { length: 200 }),
    repaired: boolean('repaired').notNull().default(false),
    /** The engine's technical notes about the repair (English), for the details and the logs. */
    repairWarnings: jsonb('repair_warnings').$type<string[]>().notNull().default([]),
    /** JavaScript actions found at upload (`PdfInfo.javaScriptCount`) and the first 100 of them. */
    javascriptCount: counter('javascript_count'),
    javascript: jsonb('javascript').$type<TJavaScriptAction[]>().notNull().default([]),
    /** Who confirmed the JavaScript before the first signature or e-Meterai, and when. */
    javascriptAcknowledgedBy: ref('javascript_acknowledged_by', () => users.id, 'set null'),
    javascriptAcknowledgedAt: at('javascript_acknowledged_at'),
    /** The signing round's deadline and automatic reminders (`update-signer-data`), when set. */
    deadlineAt: at('deadline_at'),
    remindEveryDays: integer('remind_every_days'),
    /**
     * The round's last reminder (the owner's or the automatic one). A reminder claims its turn
     * by a conditional update of this column, so racing sweeps or clicks send one reminder.
     */
    remindedAt: at('reminded_at'),
    /** Why (`declined`, `expired`), when and by whom the round stopped (state `stopped`). */
    stopReason: varchar('stop_reason', { length: 8, enum: ['declined', 'expired'] }),
    stoppedBy: ref('stopped_by', () => users.id, 'set null'),
    stopNote: varchar('stop_note', { length: 500 }),
    stoppedAt: at('stopped_at'),
    ...timestamps,
  },
  (t) => [
    // Visibility branches of the list (documents.repository.ts), newest first; `id` breaks ties
    // and `state` lets the status filter and the counts be answered from the index alone. The
    // folded name and the serial let a search's pages and capped count (up to 1,001 matches) be
    // answered from the index alone too, without reading the wide rows (migration 0028).
    index('documents_company_idx').on(
      t.companyId,
      t.createdAt,
      t.id,
      t.state,
      t.fileNameFolded,
      t.serialNumberId,
    ),
    // company_id here too: the counts exclude the caller's company from the owner branch.
    index('documents_owner_idx').on(
      t.ownerUserId,
      t.createdAt,
      t.id,
      t.state,
      t.companyId,
      t.fileNameFolded,
      t.serialNumberId,
    ),
    // Search: file_name_folded LIKE '%…%' (pg_trgm, migration 0008 creates the extension).
    index('documents_file_name_folded_trgm_idx').using('gin', t.fileNameFolded.op('gin_trgm_ops')),
    index('documents_state_idx').on(t.state, t.updatedAt),
    // A department's drafts (quota reads).
    index('documents_departement_idx').on(t.departementId, t.state),
    // The signing sweep's rounds: running, with a deadline or reminders (few of all documents).
    index('documents_signing_round_idx')
      .on(t.id)
      .where(
        sql`${t.state} = 'signing' and (${t.deadlineAt} is not null or ${t.remindEveryDays} is not null)`,
      ),
  ],
);

/** e-Meterai serials issued by the provider: one per document, used at most once. */
export const serialNumbers = pgTable(
  'serial_numbers',
  {
    id: serialId(),
    serial: varchar('serial', { length: 22 }).notNull(),
    provider: varchar('provider', { length: 20 }).notNull(),
    documentId: ref('document_id', () => documents.id, 'restrict').notNull(),
    status: varchar('status', { length: 12, enum: ['issued', 'stamped', 'failed'] })
      .notNull()
      .default('issued'),
    docType: varchar('doc_type', { length: 10 }).notNull(),
    imageKey: varchar('image_key', { length: 200 }),
    issuedAt: atNow('issued_at'),
    stampedAt: at('stamped_at'),
  },
  (t) => [
    uniqueIndex('serial_numbers_serial_uq').on(t.serial),
    index('serial_numbers_document_idx').on(t.documentId),
  ],
);

/** E-signatures requested on a document, in signing order. */
export const documentSigners = pgTable(
  'document_signers',
  {
    id: serialId(),
    documentId: ref('document_id', () => documents.id, 'cascade').notNull(),
    /** The user who signs; null for a party outside the company (named below, no account). */
    userId: ref('user_id', () => users.id, 'restrict'),
    /** An outside party: the name and e-mail the owner gave (the e-mail is proven by a code). */
    partyName: varchar('party_name', { length: 150 }),
    partyEmail: varchar('party_email', { length: 254 }),
    partyPhone: varchar('party_phone', { length: 20 }),
    position: integer('position').notNull(),
    placement: jsonb('placement').$type<TPlacement>().notNull(),
    status: varchar('status', { length: 10, enum: ['pending', 'signed'] })
      .notNull()
      .default('pending'),
    fieldName: varchar('field_name', { length: 80 }),
    signedAt: at('signed_at'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('document_signers_doc_pos_uq').on(t.documentId, t.position),
    // "Documents I sign": the signer branch of the list's visibility.
    index('document_signers_user_idx').on(t.userId, t.documentId),
    // "Waiting for my signature": the caller's pending rows only.
    index('document_signers_pending_user_idx')
      .on(t.userId, t.documentId)
      .where(sql`${t.status} = 'pending'`),
    // Every signer is a user or a named outside party, never neither.
    check(
      'document_signers_user_or_party',
      sql`${t.userId} is not null or (${t.partyName} is not null and ${t.partyEmail} is not null)`,
    ),
  ],
);

/**
 * An outside party's own link to the one document they sign: only the SHA-256 of its token is
 * kept (the e-mail carries the token). The party proves the e-mail with a one-time code (hash,
 * attempts and sends counted here), which opens a short session (hash too) for viewing and
 * signing. Revoked or expired, the link opens nothing.
 */
export const signerLinks = pgTable(
  'signer_links',
  {
    id: serialId(),
    signerId: ref('signer_id', () => documentSigners.id, 'cascade').notNull(),
    documentId: ref('document_id', () => documents.id, 'cascade').notNull(),
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    expiresAt: at('expires_at').notNull(),
    revokedAt: at('revoked_at'),
    codeHash: varchar('code_hash', { length: 64 }),
    codeExpiresAt: at('code_expires_at'),
    /** Wrong tries of the current code (it is void after the fifth). */
    codeAttempts: counter('code_attempts'),
    /** Codes sent since `code_window_started_at` (at most a few per hour). */
    codesSent: counter('codes_sent'),
    codeWindowStartedAt: at('code_window_started_at'),
    verifiedAt: at('verified_at'),
    sessionHash: varchar('session_hash', { length: 64 }),
    sessionExpiresAt: at('session_expires_at'),
    createdAt: atNow('created_at'),
  },
  (t) => [
    uniqueIndex('signer_links_token_uq').on(t.tokenHash),
    uniqueIndex('signer_links_signer_uq').on(t.signerId),
  ],
);

/** Saved placements (spec: Template with name, type, e-sign and e-meterai placement). */
export const templates = pgTable(
  'templates',
  {
    ...ownedRowColumns(),
    type: varchar('type', { length: 20, enum: ['Surat Dokumen', 'Surat Berharga'] }).notNull(),
    placements: jsonb('placements').$type<TPlacements>().notNull(),
    ...timestamps,
  },
  (t) => [index('templates_company_idx').on(t.companyId)],
);

/** Per-user signing certificates of the local PSrE; the private key is AES-256-GCM encrypted. */
export const userCertificates = pgTable(
  'user_certificates',
  {
    id: serialId(),
    userId: ref('user_id', () => users.id, 'cascade').notNull(),
    certificatePem: text('certificate_pem').notNull(),
    chainPem: text('chain_pem').notNull(),
    encryptedKey: text('encrypted_key').notNull(),
    subjectName: varchar('subject_name', { length: 150 }).notNull(),
    createdAt: atNow('created_at'),
  },
  (t) => [uniqueIndex('user_certificates_user_uq').on(t.userId)],
);
