import type { TDocumentSortKey, TSortOrder } from '@bubuh/contracts';
import { and, count, desc, eq, gte, ilike, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import type { TDb, TTx } from '../../db/client.ts';
import {
  departements,
  documentSigners,
  documents,
  quotaAccounts,
  quotaMovements,
  serialNumbers,
  users,
} from '../../db/schema.ts';
import { lowerOf, orderByOf, type TSortColumns } from '../../lib/sort.ts';

type TDbOrTx = TDb | TTx;
export type TDocumentRow = typeof documents.$inferSelect;

export const insertDocument = async (db: TDbOrTx, values: typeof documents.$inferInsert) => {
  const [row] = await db.insert(documents).values(values).returning();
  if (!row) throw new Error('document insert returned nothing');
  return row;
};

export const findDocument = async (db: TDbOrTx, id: number) => {
  const [row] = await db.select().from(documents).where(eq(documents.id, id));
  return row;
};

/** Moves a document into `stamping` only from a state that may be stamped; false otherwise. */
export const claimForStamping = async (db: TDbOrTx, id: number) => {
  const [row] = await db
    .update(documents)
    .set({ signingStatus: 'stamping', updatedAt: new Date() })
    .where(
      and(
        eq(documents.id, id),
        eq(documents.status, 'nostamp'),
        sql`${documents.serialNumberId} is null`,
        inArray(documents.signingStatus, ['draft', 'signed', 'failed']),
      ),
    )
    .returning();
  return row;
};

export const updateDocument = async (
  db: TDbOrTx,
  id: number,
  values: Partial<typeof documents.$inferInsert>,
) => {
  await db
    .update(documents)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(documents.id, id));
};

export const countSerials = async (db: TDbOrTx, documentId: number) => {
  const [row] = await db
    .select({ n: count() })
    .from(serialNumbers)
    .where(eq(serialNumbers.documentId, documentId));
  return row?.n ?? 0;
};

export const insertSerial = async (db: TDbOrTx, values: typeof serialNumbers.$inferInsert) => {
  const [row] = await db.insert(serialNumbers).values(values).returning();
  if (!row) throw new Error('serial insert returned nothing');
  return row;
};

export const setSerialStatus = async (db: TDbOrTx, id: number, status: 'stamped' | 'failed') => {
  await db
    .update(serialNumbers)
    .set({ status, ...(status === 'stamped' ? { stampedAt: new Date() } : {}) })
    .where(eq(serialNumbers.id, id));
};

/** The newest serial of a document that was issued but never stamped, since `since`. */
export const unstampedSerialOf = async (
  db: TDbOrTx,
  documentId: number,
  provider: string,
  since: Date,
) => {
  const [row] = await db
    .select()
    .from(serialNumbers)
    .where(
      and(
        eq(serialNumbers.documentId, documentId),
        eq(serialNumbers.provider, provider),
        inArray(serialNumbers.status, ['issued', 'failed']),
        gte(serialNumbers.issuedAt, since),
      ),
    )
    .orderBy(desc(serialNumbers.id))
    .limit(1);
  return row;
};

export const serialsByIds = async (db: TDbOrTx, ids: number[]) =>
  ids.length ? db.select().from(serialNumbers).where(inArray(serialNumbers.id, ids)) : [];

export const knownSerials = async (db: TDbOrTx, serials: string[]) =>
  serials.length
    ? db
        .select({ serial: serialNumbers.serial })
        .from(serialNumbers)
        .where(and(inArray(serialNumbers.serial, serials), eq(serialNumbers.status, 'stamped')))
    : [];

export const signersOf = async (db: TDbOrTx, documentIds: number[]) =>
  documentIds.length
    ? db
        .select({ signer: documentSigners, fullName: users.fullName })
        .from(documentSigners)
        .innerJoin(users, eq(users.id, documentSigners.userId))
        .where(inArray(documentSigners.documentId, documentIds))
        .orderBy(documentSigners.position)
    : [];

export type TDocumentFilter = {
  visibility: SQL;
  status?: 'stamp' | 'nostamp' | 'canceled' | 'all';
  search?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
};

const whereOf = (filter: TDocumentFilter) => {
  const conditions: (SQL | undefined)[] = [filter.visibility];
  if (filter.status && filter.status !== 'all')
    conditions.push(eq(documents.status, filter.status));
  if (filter.search) {
    const like = `%${filter.search.replace(/[%_]/g, '')}%`;
    conditions.push(
      or(
        ilike(documents.fileName, like),
        sql`exists (select 1 from serial_numbers s where s.id = ${documents.serialNumberId} and s.serial ilike ${like})`,
      ),
    );
  }
  if (filter.from) conditions.push(gte(documents.createdAt, new Date(`${filter.from}T00:00:00Z`)));
  if (filter.to)
    conditions.push(
      lt(documents.createdAt, new Date(new Date(`${filter.to}T00:00:00Z`).getTime() + 86_400_000)),
    );
  return and(...conditions);
};

const SORT_COLUMNS: TSortColumns<TDocumentSortKey> = {
  document: lowerOf(documents.fileName),
  status: documents.status,
  // Drafts have no serial yet: last.
  serial: sql`(select s.serial from serial_numbers s where s.id = ${documents.serialNumberId})`,
  created: documents.createdAt,
  stamped: documents.stampedAt,
};
/** Default order of the list: newest first. */
const DEFAULT_ORDER = [desc(documents.createdAt), desc(documents.id)];

export type TDocumentSort = { sort?: TDocumentSortKey | undefined; order?: TSortOrder | undefined };

export const listDocuments = async (
  db: TDbOrTx,
  filter: TDocumentFilter,
  page: number,
  perPage: number,
  sort: TDocumentSort = {},
) => {
  const where = whereOf(filter);
  const rows = await db
    .select({ doc: documents, owner: users.fullName, departementName: departements.name })
    .from(documents)
    .innerJoin(users, eq(users.id, documents.ownerUserId))
    .leftJoin(departements, eq(departements.id, documents.departementId))
    .where(where)
    .orderBy(...orderByOf(SORT_COLUMNS, sort, documents.id, DEFAULT_ORDER))
    .limit(perPage)
    .offset((page - 1) * perPage);
  const [total] = await db.select({ n: count() }).from(documents).where(where);
  return { rows, total: total?.n ?? 0 };
};

export const statusTotals = async (db: TDbOrTx, visibility: SQL) => {
  const rows = await db
    .select({ status: documents.status, n: count() })
    .from(documents)
    .where(visibility)
    .groupBy(documents.status);
  const get = (s: string) => rows.find((r) => r.status === s)?.n ?? 0;
  return { stamp: get('stamp'), nostamp: get('nostamp'), canceled: get('canceled') };
};

export const deleteDocument = async (db: TDbOrTx, id: number) => {
  await db
    .delete(serialNumbers)
    .where(
      and(eq(serialNumbers.documentId, id), inArray(serialNumbers.status, ['failed', 'issued'])),
    );
  await db.delete(documents).where(eq(documents.id, id));
};

/** Documents left in `stamping` since before `before`: their process died mid-operation. */
export const stuckDocuments = async (db: TDbOrTx, before: Date) =>
  db
    .select()
    .from(documents)
    .where(and(eq(documents.signingStatus, 'stamping'), lt(documents.updatedAt, before)));

/** Every quota movement that names a document, with the source account of each. */
export const movementsOfDocument = async (db: TDbOrTx, documentId: number) =>
  db
    .select({
      id: quotaMovements.id,
      kind: quotaMovements.kind,
      reason: quotaMovements.reason,
      key: quotaMovements.idempotencyKey,
      from: {
        ownerType: quotaAccounts.ownerType,
        ownerId: quotaAccounts.ownerId,
        companyId: quotaAccounts.companyId,
      },
    })
    .from(quotaMovements)
    .innerJoin(quotaAccounts, eq(quotaAccounts.id, quotaMovements.fromAccountId))
    .where(
      and(eq(quotaMovements.refType, 'document'), eq(quotaMovements.refId, String(documentId))),
    )
    .orderBy(quotaMovements.id);

/** Signers of one document by status. */
export const signerStatuses = async (db: TDbOrTx, documentId: number) =>
  db
    .select({ status: documentSigners.status })
    .from(documentSigners)
    .where(eq(documentSigners.documentId, documentId));

/** Puts a stuck document back to `status`, only if it is still stuck (one process wins). */
export const releaseStuck = async (
  db: TDbOrTx,
  id: number,
  before: Date,
  signingStatus: 'draft' | 'signing' | 'signed',
) => {
  const [row] = await db
    .update(documents)
    .set({
      signingStatus,
      lastError: 'Pemrosesan terhenti; kuota telah dikembalikan. Silakan coba lagi.',
      updatedAt: new Date(),
    })
    .where(
      and(
        eq(documents.id, id),
        eq(documents.signingStatus, 'stamping'),
        lt(documents.updatedAt, before),
      ),
    )
    .returning({ id: documents.id });
  return row !== undefined;
};

/** Serials of a document still `issued` (their attempt died) become `failed`: reusable. */
export const failIssuedSerials = async (db: TDbOrTx, documentId: number) => {
  await db
    .update(serialNumbers)
    .set({ status: 'failed' })
    .where(and(eq(serialNumbers.documentId, documentId), eq(serialNumbers.status, 'issued')));
};
