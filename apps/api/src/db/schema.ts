import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

export const companies = pgTable('companies', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 200 }).notNull(),
  npwp: varchar('npwp', { length: 16 }),
  siup: varchar('siup', { length: 100 }),
  tdp: varchar('tdp', { length: 100 }),
  bank: varchar('bank', { length: 100 }),
  accountNumber: varchar('account_number', { length: 50 }),
  ...timestamps,
});

export const departements = pgTable(
  'departements',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'restrict' }),
    name: varchar('name', { length: 120 }).notNull(),
    ...timestamps,
  },
  (t) => [uniqueIndex('departements_company_name_uq').on(t.companyId, sql`lower(${t.name})`)],
);

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    email: varchar('email', { length: 254 }).notNull(),
    passwordHash: text('password_hash'),
    fullName: varchar('full_name', { length: 150 }).notNull(),
    phone: varchar('phone', { length: 20 }),
    role: varchar('role', {
      length: 20,
      enum: ['admin', 'user', 'super', 'admin-company'],
    }).notNull(),
    userType: varchar('user_type', { length: 20, enum: ['personal', 'payu', 'company'] }).notNull(),
    companyId: integer('company_id').references(() => companies.id, { onDelete: 'restrict' }),
    departementId: integer('departement_id').references(() => departements.id, {
      onDelete: 'restrict',
    }),
    emetId: varchar('emet_id', { length: 16 }).notNull(),
    avatar: varchar('avatar', { length: 200 }),
    nik: varchar('nik', { length: 16 }),
    isParent: boolean('is_parent').notNull().default(false),
    /** Child users of a subscription point to the parent who added them. */
    parentUserId: integer('parent_user_id'),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    loginOtpEnabled: boolean('login_otp_enabled').notNull().default(false),
    language: varchar('language', { length: 2, enum: ['en', 'id'] })
      .notNull()
      .default('en'),
    failedLoginCount: integer('failed_login_count').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    /**
     * Set when an admin removes a user who owns documents: the documents stay with the company,
     * the account can no longer sign in and leaves every list.
     */
    deactivatedAt: timestamp('deactivated_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('users_email_uq').on(sql`lower(${t.email})`),
    uniqueIndex('users_emet_id_uq').on(t.emetId),
    index('users_company_idx').on(t.companyId),
  ],
);

/** Secrets generated on first start when not configured (e.g. the JWT key), shared by processes. */
export const appSecrets = pgTable('app_secrets', {
  name: varchar('name', { length: 60 }).primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A login session: one refresh-token family. Revoking it ends every token of the family. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    userAgent: varchar('user_agent', { length: 300 }),
    ip: varchar('ip', { length: 64 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedReason: varchar('revoked_reason', { length: 40 }),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** Rotating refresh tokens, stored as SHA-256 hashes. A rotated token used again = theft. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: serial('id').primaryKey(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    rotatedAt: timestamp('rotated_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('refresh_tokens_hash_uq').on(t.tokenHash),
    index('refresh_tokens_session_idx').on(t.sessionId),
  ],
);

/** E-mail OTPs (register and login), stored hashed; single use, expiring, attempt-limited. */
export const otps = pgTable(
  'otps',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: varchar('purpose', { length: 20, enum: ['register', 'login'] }).notNull(),
    codeHash: varchar('code_hash', { length: 64 }).notNull(),
    /** For login OTPs: hash of the opaque token that ties the challenge to the login attempt. */
    challengeHash: varchar('challenge_hash', { length: 64 }),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('otps_user_purpose_idx').on(t.userId, t.purpose),
    uniqueIndex('otps_challenge_uq').on(t.challengeHash),
  ],
);

/** Password-reset tokens (the `{id}` of /auth/reset-password/{id}), stored hashed, single use. */
export const passwordResets = pgTable(
  'password_resets',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('password_resets_hash_uq').on(t.tokenHash)],
);

/** Every mail the app sends; without SMTP this table is the outbox (readable at /dev/outbox). */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: serial('id').primaryKey(),
    to: varchar('to', { length: 254 }).notNull(),
    subject: varchar('subject', { length: 300 }).notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    template: varchar('template', { length: 60 }).notNull(),
    meta: jsonb('meta').$type<Record<string, unknown>>().notNull().default({}),
    transport: varchar('transport', { length: 10, enum: ['outbox', 'smtp'] }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('mail_outbox_to_idx').on(t.to)],
);

/** Configuration values read by the web (spec §3): status_group / status_name pairs. */
export const masterStatus = pgTable(
  'master_status',
  {
    id: serial('id').primaryKey(),
    statusGroup: varchar('status_group', { length: 60 }).notNull(),
    statusName: varchar('status_name', { length: 200 }).notNull(),
    description: text('description'),
    ...timestamps,
  },
  (t) => [uniqueIndex('master_status_group_uq').on(t.statusGroup)],
);

/** The plans catalogue (spec §3 subscription fields). */
export const plans = pgTable('plans', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 100 }).notNull(),
  status: varchar('status', { length: 20, enum: ['active', 'inactive'] })
    .notNull()
    .default('active'),
  note: text('note'),
  priceIdr: integer('price_idr').notNull().default(0),
  durationDays: integer('duration_days').notNull().default(365),
  totalEmeterai: integer('total_emeterai').notNull().default(0),
  totalEsign: integer('total_esign').notNull().default(0),
  totalMultiuser: integer('total_multiuser').notNull().default(0),
  totalPsre: integer('total_psre').notNull().default(0),
  isMultipleEsign: boolean('is_multiple_esign').notNull().default(false),
  isParent: boolean('is_parent').notNull().default(false),
  isDigitalLocker: boolean('is_digital_locker').notNull().default(false),
  isEmeterai: boolean('is_emeterai').notNull().default(true),
  isEsignCertificate: boolean('is_esign_certificate').notNull().default(false),
  isEsignSpesimen: boolean('is_esign_spesimen').notNull().default(false),
  isMultiSign: boolean('is_multi_sign').notNull().default(false),
  ...timestamps,
});

/** A plan held by a company (all its users) or by a personal user. */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: serial('id').primaryKey(),
    planId: integer('plan_id')
      .notNull()
      .references(() => plans.id, { onDelete: 'restrict' }),
    companyId: integer('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    status: varchar('status', { length: 20, enum: ['active', 'expired', 'cancelled'] })
      .notNull()
      .default('active'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index('subscriptions_company_idx').on(t.companyId),
    index('subscriptions_user_idx').on(t.userId),
  ],
);

/**
 * Quota wallet accounts: one per owner and kind. `system` accounts stand for the outside world
 * (units issued by purchases, units consumed by stamps) and are the only ones that may go negative.
 */
export const quotaAccounts = pgTable(
  'quota_accounts',
  {
    id: serial('id').primaryKey(),
    ownerType: varchar('owner_type', {
      length: 12,
      enum: ['system', 'company', 'departement', 'user'],
    }).notNull(),
    /** company id, departement id or user id; for system accounts 1 = issued, 2 = consumed. */
    ownerId: integer('owner_id').notNull(),
    kind: varchar('kind', { length: 10, enum: ['emeterai', 'esign', 'psre'] }).notNull(),
    balance: integer('balance').notNull().default(0),
    /** Company the account belongs to (null for system and personal accounts): scoping reads. */
    companyId: integer('company_id').references(() => companies.id, { onDelete: 'restrict' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('quota_accounts_owner_uq').on(t.ownerType, t.ownerId, t.kind),
    check('quota_accounts_balance_ck', sql`${t.ownerType} = 'system' or ${t.balance} >= 0`),
  ],
);

/** One movement of units between two accounts; its two entries are in quota_entries. */
export const quotaMovements = pgTable(
  'quota_movements',
  {
    id: serial('id').primaryKey(),
    kind: varchar('kind', { length: 10, enum: ['emeterai', 'esign', 'psre'] }).notNull(),
    quantity: integer('quantity').notNull(),
    reason: varchar('reason', {
      length: 20,
      enum: ['seed', 'purchase', 'transfer', 'return', 'spend', 'refund', 'adjust'],
    }).notNull(),
    fromAccountId: integer('from_account_id')
      .notNull()
      .references(() => quotaAccounts.id),
    toAccountId: integer('to_account_id')
      .notNull()
      .references(() => quotaAccounts.id),
    actorUserId: integer('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    companyId: integer('company_id').references(() => companies.id, { onDelete: 'restrict' }),
    refType: varchar('ref_type', { length: 30 }),
    refId: varchar('ref_id', { length: 64 }),
    idempotencyKey: varchar('idempotency_key', { length: 128 }),
    note: text('note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('quota_movements_idem_uq').on(t.idempotencyKey),
    index('quota_movements_company_idx').on(t.companyId, t.createdAt),
    // An account's spends and refunds (usage figures, monthly charts), answered from the index.
    index('quota_movements_from_idx').on(
      t.fromAccountId,
      t.reason,
      t.createdAt,
      t.quantity,
      t.kind,
    ),
    index('quota_movements_to_idx').on(t.toAccountId, t.reason, t.createdAt, t.quantity, t.kind),
    check('quota_movements_qty_ck', sql`${t.quantity} > 0`),
  ],
);

/** Double entry: every movement writes -q on its source and +q on its target. */
export const quotaEntries = pgTable(
  'quota_entries',
  {
    id: serial('id').primaryKey(),
    movementId: integer('movement_id')
      .notNull()
      .references(() => quotaMovements.id, { onDelete: 'restrict' }),
    accountId: integer('account_id')
      .notNull()
      .references(() => quotaAccounts.id, { onDelete: 'restrict' }),
    delta: integer('delta').notNull(),
    balanceAfter: integer('balance_after').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('quota_entries_account_idx').on(t.accountId, t.createdAt)],
);

/** Signature specimens of a user (drawn on a pad or uploaded), stored as transparent PNGs. */
export const esignSpecimens = pgTable(
  'esign_specimens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
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
    id: serial('id').primaryKey(),
    companyId: integer('company_id').references(() => companies.id, { onDelete: 'restrict' }),
    departementId: integer('departement_id'),
    ownerUserId: integer('owner_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    fileName: varchar('file_name', { length: 255 }).notNull(),
    originalKey: varchar('original_key', { length: 200 }).notNull(),
    currentKey: varchar('current_key', { length: 200 }).notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    sha256: varchar('sha256', { length: 64 }).notNull(),
    pageCount: integer('page_count').notNull(),
    pages: jsonb('pages').$type<{ width: number; height: number }[]>().notNull(),
    /** The one lifecycle state (`@bubuh/contracts` document-state): changed only by `transition`. */
    state: varchar('state', {
      length: 12,
      enum: ['draft', 'signing', 'signed', 'esigning', 'stamping', 'stamped', 'cancelled'],
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
    templateId: integer('template_id'),
    serialNumberId: integer('serial_number_id'),
    psreId: varchar('psre_id', { length: 100 }),
    psrePath: varchar('psre_path', { length: 300 }),
    lastError: text('last_error'),
    stampedAt: timestamp('stamped_at', { withTimezone: true }),
    /**
     * The upload as received, kept when its cross-reference data was damaged and the stored file
     * (original_key) is the engine's full rewrite; null for files stored as uploaded.
     */
    uploadKey: varchar('upload_key', { length: 200 }),
    repaired: boolean('repaired').notNull().default(false),
    /** The engine's technical notes about the repair (English), for the details and the logs. */
    repairWarnings: jsonb('repair_warnings').$type<string[]>().notNull().default([]),
    /** JavaScript actions found at upload (`PdfInfo.javaScriptCount`) and the first 100 of them. */
    javascriptCount: integer('javascript_count').notNull().default(0),
    javascript: jsonb('javascript').$type<TJavaScriptAction[]>().notNull().default([]),
    /** Who confirmed the JavaScript before the first signature or e-Meterai, and when. */
    javascriptAcknowledgedBy: integer('javascript_acknowledged_by').references(() => users.id, {
      onDelete: 'set null',
    }),
    javascriptAcknowledgedAt: timestamp('javascript_acknowledged_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    // Visibility branches of the list (documents.repository.ts), newest first; `id` breaks ties
    // and `state` lets the status filter and the counts be answered from the index alone.
    index('documents_company_idx').on(t.companyId, t.createdAt, t.id, t.state),
    // company_id here too: the counts exclude the caller's company from the owner branch.
    index('documents_owner_idx').on(t.ownerUserId, t.createdAt, t.id, t.state, t.companyId),
    // Search: file_name ILIKE '%…%' (pg_trgm, migration 0008 creates the extension).
    index('documents_file_name_trgm_idx').using('gin', t.fileName.op('gin_trgm_ops')),
    index('documents_state_idx').on(t.state, t.updatedAt),
    // A department's drafts (quota reads).
    index('documents_departement_idx').on(t.departementId, t.state),
  ],
);

/** e-Meterai serials issued by the provider: one per document, used at most once. */
export const serialNumbers = pgTable(
  'serial_numbers',
  {
    id: serial('id').primaryKey(),
    serial: varchar('serial', { length: 22 }).notNull(),
    provider: varchar('provider', { length: 20 }).notNull(),
    documentId: integer('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'restrict' }),
    status: varchar('status', { length: 12, enum: ['issued', 'stamped', 'failed'] })
      .notNull()
      .default('issued'),
    docType: varchar('doc_type', { length: 10 }).notNull(),
    imageKey: varchar('image_key', { length: 200 }),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    stampedAt: timestamp('stamped_at', { withTimezone: true }),
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
    id: serial('id').primaryKey(),
    documentId: integer('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    position: integer('position').notNull(),
    placement: jsonb('placement').$type<TPlacement>().notNull(),
    status: varchar('status', { length: 10, enum: ['pending', 'signed'] })
      .notNull()
      .default('pending'),
    fieldName: varchar('field_name', { length: 80 }),
    signedAt: timestamp('signed_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('document_signers_doc_pos_uq').on(t.documentId, t.position),
    // "Documents I sign": the signer branch of the list's visibility.
    index('document_signers_user_idx').on(t.userId, t.documentId),
  ],
);

/** Saved placements (spec: Template with name, type, e-sign and e-meterai placement). */
export const templates = pgTable(
  'templates',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    ownerUserId: integer('owner_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 150 }).notNull(),
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
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    certificatePem: text('certificate_pem').notNull(),
    chainPem: text('chain_pem').notNull(),
    encryptedKey: text('encrypted_key').notNull(),
    subjectName: varchar('subject_name', { length: 150 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('user_certificates_user_uq').on(t.userId)],
);

/**
 * One quota unit held for one piece of work (a stamp, a signature): reserved in the transaction
 * that debits the payer (the ledger's `spend` movement), then either spent (in the transaction
 * that stores the work) or released (in the transaction of the refund movement). Recovery reads
 * these rows to return units whose work died.
 */
export const unitReservations = pgTable(
  'unit_reservations',
  {
    id: serial('id').primaryKey(),
    kind: varchar('kind', { length: 10, enum: ['emeterai', 'esign'] }).notNull(),
    payerAccountId: integer('payer_account_id')
      .notNull()
      .references(() => quotaAccounts.id),
    companyId: integer('company_id').references(() => companies.id, { onDelete: 'restrict' }),
    documentId: integer('document_id').references(() => documents.id, { onDelete: 'set null' }),
    state: varchar('state', { length: 10, enum: ['reserved', 'spent', 'released'] })
      .notNull()
      .default('reserved'),
    /** The attempt: one reservation per attempt, also the base of its movements' keys. */
    idempotencyKey: varchar('idempotency_key', { length: 64 }).notNull(),
    actorUserId: integer('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    reserveMovementId: integer('reserve_movement_id')
      .notNull()
      .references(() => quotaMovements.id),
    releaseMovementId: integer('release_movement_id').references(() => quotaMovements.id),
    note: text('note'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('unit_reservations_key_uq').on(t.idempotencyKey),
    index('unit_reservations_state_idx').on(t.state, t.createdAt),
    index('unit_reservations_document_idx').on(t.documentId),
  ],
);
