import { statesOfWireStatus, type TStoredDocumentState } from '@bubuh/contracts';
import { and, count, eq, gte, ilike, inArray, lt, ne, or, type SQL, sql } from 'drizzle-orm';
import type { TDb, TTx } from '../../db/client.ts';
import { firstOf, insertOne } from '../../db/query.ts';
import { documentSigners, documents, serialNumbers, users } from '../../db/schema.ts';
import type { TVisibility } from '../../lib/access.ts';
import { keptStateTotals } from './document-totals.repository.ts';

type TDbOrTx = TDb | TTx;
export type TDocumentRow = typeof documents.$inferSelect;
/** Columns a service may set directly; the state changes only through `changeState`. */
export type TDocumentValues = Omit<Partial<typeof documents.$inferInsert>, 'state' | 'id'>;

/** The SQL of `lib/access.ts` visibility: own documents, signed ones, the company's for admins. */
export const visibleTo = (visibility: TVisibility): SQL => {
  const asSigner = sql`exists (select 1 from document_signers ds where ds.document_id = ${documents.id} and ds.user_id = ${visibility.userId})`;
  const own = eq(documents.ownerUserId, visibility.userId);
  return (
    visibility.companyId !== null
      ? or(eq(documents.companyId, visibility.companyId), own, asSigner)
      : or(own, asSigner)
  ) as SQL;
};

/** One document the caller may see. */
export const findVisible = (db: TDbOrTx, visibility: TVisibility, id: number) =>
  firstOf(
    db
      .select()
      .from(documents)
      .where(and(eq(documents.id, id), visibleTo(visibility))),
  );

/** The document row locked until the transaction ends (concurrent state changes wait). */
export const lockDocument = (tx: TTx, id: number) =>
  firstOf(tx.select().from(documents).where(eq(documents.id, id)).for('update'));

/**
 * The one writer of `state`: `from` → `to` only if the row is still in `from` (the UPDATE locks
 * the row; a concurrent change makes this return undefined).
 */
export const changeState = (
  db: TDbOrTx,
  id: number,
  from: TStoredDocumentState,
  to: TStoredDocumentState,
  values: TDocumentValues = {},
) =>
  firstOf(
    db
      .update(documents)
      .set({ ...values, state: to, updatedAt: new Date() })
      .where(and(eq(documents.id, id), eq(documents.state, from)))
      .returning(),
  );

export const insertDocument = (db: TDbOrTx, values: typeof documents.$inferInsert) =>
  insertOne(db, documents, values);

export const findDocument = (db: TDbOrTx, id: number) =>
  firstOf(db.select().from(documents).where(eq(documents.id, id)));

export const updateDocument = async (db: TDbOrTx, id: number, values: TDocumentValues) => {
  await db
    .update(documents)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(documents.id, id));
};

export const serialsByIds = async (db: TDbOrTx, ids: number[]) =>
  ids.length ? db.select().from(serialNumbers).where(inArray(serialNumbers.id, ids)) : [];

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
  visibility: TVisibility;
  id?: number;
  status?: 'stamp' | 'nostamp' | 'canceled' | 'all';
  search?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  /** Only documents whose next signature is the caller's (`waiting=me`). */
  waiting?: 'me' | undefined;
  /**
   * False when the caller signs no document of another owner (the kept signer totals say so):
   * the signer branch adds nothing and is left out of the statement.
   */
  signsOthers?: boolean;
};

/** The filter's conditions other than visibility (the visibility branches add theirs). */
export const filtersOf = (filter: TDocumentFilter): SQL[] => {
  const conditions: SQL[] = [];
  if (filter.id !== undefined) conditions.push(eq(documents.id, filter.id));
  if (filter.status && filter.status !== 'all')
    conditions.push(inArray(documents.state, statesOfWireStatus(filter.status)));
  if (filter.search) {
    const like = `%${filter.search.replace(/[%_]/g, '')}%`;
    const serial = filter.search.trim();
    // File names: substring (trigram index); serials: exact (their unique index).
    conditions.push(
      or(
        ilike(documents.fileName, like),
        // `id = any(array(…))` keeps this arm indexable (pkey), so the OR stays a BitmapOr.
        sql`(${documents.id} = any(array(select s.document_id from serial_numbers s where s.serial = ${serial})) and ${documents.serialNumberId} = any(array(select s.id from serial_numbers s where s.serial = ${serial})))`,
      ) as SQL,
    );
  }
  if (filter.from) conditions.push(gte(documents.createdAt, new Date(`${filter.from}T00:00:00Z`)));
  if (filter.to)
    conditions.push(
      lt(documents.createdAt, new Date(new Date(`${filter.to}T00:00:00Z`).getTime() + 86_400_000)),
    );
  return conditions;
};

/**
 * Documents whose turn is the user's: their pending row has no pending row before it. Served by
 * the partial index `document_signers_pending_user_idx` (user_id, document_id) where pending.
 */
const waitingFor = (userId: number): SQL =>
  and(
    eq(documents.state, 'signing'),
    sql`${documents.id} in (select ds.document_id from document_signers ds where ds.user_id = ${userId} and ds.status = 'pending' and not exists (select 1 from document_signers e where e.document_id = ds.document_id and e.status = 'pending' and e.position < ds.position))`,
  ) as SQL;

const signedBy = (userId: number): SQL =>
  sql`${documents.id} in (select ds.document_id from document_signers ds where ds.user_id = ${userId})`;

/**
 * `visibleTo` as branches that each use one index (owner, company, signer): an OR across them
 * would make PostgreSQL scan the whole table. These may overlap (lists dedupe them).
 */
export const overlappingBranches = (filter: TDocumentFilter): SQL[] => {
  const v = filter.visibility;
  // A signer always sees the documents they sign: one branch, no visibility arms.
  if (filter.waiting === 'me') return [waitingFor(v.userId)];
  return [
    ...(v.companyId !== null ? [eq(documents.companyId, v.companyId)] : []),
    eq(documents.ownerUserId, v.userId),
    ...(filter.signsOthers === false ? [] : [signedBy(v.userId)]),
  ];
};

/** The same branches made disjoint, so that their counts add up. */
const disjointBranches = (filter: TDocumentFilter): SQL[] => {
  const v = filter.visibility;
  if (filter.waiting === 'me') return [waitingFor(v.userId)];
  const signed = (...others: SQL[]) =>
    filter.signsOthers === false
      ? []
      : [and(ne(documents.ownerUserId, v.userId), ...others, signedBy(v.userId)) as SQL];
  if (v.companyId === null) return [eq(documents.ownerUserId, v.userId), ...signed()];
  const outside = sql`${documents.companyId} is distinct from ${v.companyId}`;
  return [
    eq(documents.companyId, v.companyId),
    and(eq(documents.ownerUserId, v.userId), outside) as SQL,
    ...signed(outside),
  ];
};

/**
 * A list's search counts at most this many matches: past it the answer says `capped` (more than
 * this many) instead of counting every match of a common word on every page read.
 */
export const SEARCH_TOTAL_CAP = 1_000;

/** One count per disjoint visibility branch, each stopped after `limit` matches if given. */
const countBranches = async (db: TDbOrTx, filter: TDocumentFilter, limit?: number) => {
  const filters = filtersOf(filter);
  const counts = await Promise.all(
    disjointBranches(filter).map((branch) => {
      const matches = db
        .select({ one: sql`1` })
        .from(documents)
        .where(and(branch, ...filters));
      return db.select({ n: count() }).from((limit ? matches.limit(limit) : matches).as('matches'));
    }),
  );
  return counts.reduce((sum, [row]) => sum + (row?.n ?? 0), 0);
};

/**
 * How many visible documents match `filter`. Without a search, id or date filter the database's
 * kept totals answer (document-totals.repository.ts); otherwise the disjoint branches are counted.
 */
export const countDocuments = async (db: TDbOrTx, filter: TDocumentFilter): Promise<number> => {
  if (filter.id === undefined && !filter.search && !filter.from && !filter.to && !filter.waiting) {
    const states =
      filter.status && filter.status !== 'all' ? statesOfWireStatus(filter.status) : undefined;
    const totals = await keptStateTotals(db, filter.visibility, states);
    return [...totals.values()].reduce((sum, n) => sum + n, 0);
  }
  return countBranches(db, filter);
};

/**
 * The total of a list page: `countDocuments`, but a search stops counting past
 * `SEARCH_TOTAL_CAP` matches (`capped`: there are more than `total`).
 */
export const countListed = async (
  db: TDbOrTx,
  filter: TDocumentFilter,
): Promise<{ total: number; capped: boolean }> => {
  if (!filter.search) return { total: await countDocuments(db, filter), capped: false };
  const n = await countBranches(db, filter, SEARCH_TOTAL_CAP + 1);
  return n > SEARCH_TOTAL_CAP
    ? { total: SEARCH_TOTAL_CAP, capped: true }
    : { total: n, capped: false };
};

/** Visible documents per wire status, from the kept totals. */
export const statusTotals = async (db: TDbOrTx, visibility: TVisibility) => {
  const totals = await keptStateTotals(db, visibility);
  const get = (status: 'stamp' | 'nostamp' | 'canceled') =>
    statesOfWireStatus(status).reduce((n, state) => n + (totals.get(state) ?? 0), 0);
  return { stamp: get('stamp'), nostamp: get('nostamp'), canceled: get('canceled') };
};

/** Removes a document (its signers cascade); the caller holds its row lock. */
export const deleteDocument = async (db: TDbOrTx, id: number) => {
  await db.delete(documents).where(eq(documents.id, id));
};

/** Serials ever issued for a document (a failed one waits for its retry). */
export const serialCount = async (db: TDbOrTx, documentId: number) => {
  const [row] = await db
    .select({ n: count() })
    .from(serialNumbers)
    .where(eq(serialNumbers.documentId, documentId));
  return row?.n ?? 0;
};

/** Documents left in work (`stamping`, `esigning`) since before `before`: their process died. */
export const stuckDocuments = async (db: TDbOrTx, before: Date) =>
  db
    .select()
    .from(documents)
    .where(
      and(inArray(documents.state, ['stamping', 'esigning']), lt(documents.updatedAt, before)),
    );

/** Pending and signed signatures of one document. */
export const signerCounts = async (db: TDbOrTx, documentId: number) => {
  const rows = await db
    .select({ status: documentSigners.status, n: count() })
    .from(documentSigners)
    .where(eq(documentSigners.documentId, documentId))
    .groupBy(documentSigners.status);
  return {
    pending: rows.find((r) => r.status === 'pending')?.n ?? 0,
    signed: rows.find((r) => r.status === 'signed')?.n ?? 0,
  };
};
