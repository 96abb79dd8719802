import { statesOfWireStatus, type TStoredDocumentState } from '@bubuh/contracts';
import {
  and,
  count,
  desc,
  eq,
  gte,
  inArray,
  lt,
  ne,
  or,
  type SQL,
  type SQLWrapper,
  sql,
} from 'drizzle-orm';
import type { TDb, TTx } from '../../db/client.ts';
import { firstOf } from '../../db/query.ts';
import { documentSigners, documents, serialNumbers, signerLinks, users } from '../../db/schema.ts';
import { namesIn, P, runShaped } from '../../db/shaped.ts';
import type { TVisibility } from '../../lib/access.ts';
import { auditInsertWhen, type TAuditRecord } from '../audit/index.ts';
import { readDocumentVersion } from './document-totals.repository.ts';

type TDbOrTx = TDb | TTx;
export type TDocumentRow = typeof documents.$inferSelect;
/** A new document's row (an upload's). */
export type TDocumentInsert = typeof documents.$inferInsert;
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
) => firstOf(stateUpdate(db, id, from, to, values).returning());

/** `changeState`'s UPDATE, not run: the part of a statement that changes more than the document. */
export const stateUpdate = (
  db: TDbOrTx,
  id: number,
  from: TStoredDocumentState,
  to: TStoredDocumentState,
  values: TDocumentValues = {},
) =>
  db
    .update(documents)
    .set({ ...values, state: to, updatedAt: new Date() })
    .where(and(eq(documents.id, id), eq(documents.state, from)));

/**
 * `stateUpdate` of every document whose id `ids` (a subquery) gives and that is in `from`, not
 * run: a caller's statement claims many documents at once with it.
 */
export const stateUpdateMany = (
  db: TDbOrTx,
  ids: SQLWrapper,
  from: TStoredDocumentState,
  to: TStoredDocumentState,
) =>
  db
    .update(documents)
    .set({ state: to, updatedAt: new Date() })
    // `= any(array(…))`: the ids as one value, so each is found by the primary key (an `in`
    // over a WITH's rows plans a scan of every document).
    .where(and(sql`${documents.id} = any(array(${ids}))`, eq(documents.state, from)));

/** A document's INSERT, not run: a caller's statement (a batch's item) inserts it with its own. */
export const insertDocumentStatement = (db: TDbOrTx, values: TDocumentInsert) =>
  db.insert(documents).values(values);

/** The document's row and its trail's first event (`record`), in one statement. */
export const insertDocument = async (
  db: TDbOrTx,
  values: TDocumentInsert,
  record: TAuditRecord,
) => {
  const inserted = db
    .$with('inserted_document')
    .as(insertDocumentStatement(db, values).returning());
  const event = db
    .$with('first_event')
    .as(
      auditInsertWhen(
        db,
        sql`(select "id" from ${inserted})`,
        values.companyId ?? null,
        record,
        sql`select 1 from ${inserted}`,
      ),
    );
  const [row] = await db.with(inserted, event).select().from(inserted);
  if (!row) throw new Error('the document was not inserted');
  return row;
};

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
        .select({
          signer: documentSigners,
          // A user's name as it is now; an outside party's as the owner gave it.
          fullName: sql<string>`coalesce(${users.fullName}, ${documentSigners.partyName}, '')`,
          link: {
            expiresAt: signerLinks.expiresAt,
            revokedAt: signerLinks.revokedAt,
            verifiedAt: signerLinks.verifiedAt,
          },
        })
        .from(documentSigners)
        .leftJoin(users, eq(users.id, documentSigners.userId))
        .leftJoin(signerLinks, eq(signerLinks.signerId, documentSigners.id))
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
  /** The caller's totals per state, if already read with the version (`readDocumentVersion`). */
  kept?: ReadonlyMap<string, number> | undefined;
};

/**
 * The placeholder values of a shaped document read (db/shaped.ts) for `filter`: the caller, the
 * filter's values and the page's range.
 */
export const documentValues = (
  filter: TDocumentFilter,
  range: { start?: number; end?: number; cap?: number } = {},
): Record<string, unknown> => {
  const { search, from, to } = filter;
  return {
    user: filter.visibility.userId,
    company: filter.visibility.companyId,
    id: filter.id,
    like: search ? `%${search.replace(/[%_]/g, '')}%` : undefined,
    serial: search?.trim(),
    from: from ? new Date(`${from}T00:00:00Z`).toISOString() : undefined,
    to: to ? new Date(new Date(`${to}T00:00:00Z`).getTime() + 86_400_000).toISOString() : undefined,
    ...range,
  };
};

/**
 * What a document read's statement depends on besides its values (its shape key, db/shaped.ts):
 * which filters are set, the visibility's kind and whether the signer branch is needed.
 */
export const filterShape = (filter: TDocumentFilter): string =>
  [
    filter.id !== undefined ? 'i' : '',
    filter.status ?? '',
    filter.search ? 's' : '',
    filter.from ? 'f' : '',
    filter.to ? 't' : '',
    filter.waiting ?? '',
    filter.signsOthers === false ? 'n' : '',
    filter.visibility.companyId !== null ? 'c' : '',
  ].join('.');

/** The filter's conditions other than visibility (the visibility branches add theirs). */
export const filtersOf = (filter: TDocumentFilter): SQL[] => {
  const conditions: SQL[] = [];
  if (filter.id !== undefined) conditions.push(eq(documents.id, P.id));
  if (filter.status && filter.status !== 'all')
    conditions.push(namesIn(documents.state, statesOfWireStatus(filter.status)));
  if (filter.search) {
    // File names: substring of the lower-cased name (trigram index), as ILIKE would match but
    // cheaper per row; serials: exact (their unique index).
    conditions.push(
      or(
        sql`${documents.fileNameFolded} like lower(${P.like})`,
        // `id = any(array(…))` keeps this arm indexable (pkey), so the OR stays a BitmapOr.
        sql`(${documents.id} = any(array(select s.document_id from serial_numbers s where s.serial = ${P.serial})) and ${documents.serialNumberId} = any(array(select s.id from serial_numbers s where s.serial = ${P.serial})))`,
      ) as SQL,
    );
  }
  if (filter.from) conditions.push(gte(documents.createdAt, P.from));
  if (filter.to) conditions.push(lt(documents.createdAt, P.to));
  return conditions;
};

/**
 * Documents whose turn is the user's: their pending row has no pending row before it. Served by
 * the partial index `document_signers_pending_user_idx` (user_id, document_id) where pending.
 */
const waitingFor = (): SQL =>
  and(
    eq(documents.state, sql`'signing'`),
    sql`${documents.id} in (select ds.document_id from document_signers ds where ds.user_id = ${P.user} and ds.status = 'pending' and not exists (select 1 from document_signers e where e.document_id = ds.document_id and e.status = 'pending' and e.position < ds.position))`,
  ) as SQL;

const signedBy = (): SQL =>
  sql`${documents.id} in (select ds.document_id from document_signers ds where ds.user_id = ${P.user})`;

/**
 * `visibleTo` as branches that each use one index (owner, company, signer): an OR across them
 * would make PostgreSQL scan the whole table. These may overlap (lists dedupe them).
 */
export const overlappingBranches = (filter: TDocumentFilter): SQL[] => {
  // A signer always sees the documents they sign: one branch, no visibility arms.
  if (filter.waiting === 'me') return [waitingFor()];
  return [
    ...(filter.visibility.companyId !== null ? [eq(documents.companyId, P.company)] : []),
    eq(documents.ownerUserId, P.user),
    ...(filter.signsOthers === false ? [] : [signedBy()]),
  ];
};

/**
 * The same branches made disjoint, so that their counts add up; `listed`: served by a list index
 * in the list's order (the owner and company branches), which a capped count walks.
 */
const disjointBranches = (filter: TDocumentFilter): { where: SQL; listed: boolean }[] => {
  if (filter.waiting === 'me') return [{ where: waitingFor(), listed: false }];
  const signed = (...others: SQL[]) =>
    filter.signsOthers === false
      ? []
      : [
          {
            where: and(ne(documents.ownerUserId, P.user), ...others, signedBy()) as SQL,
            listed: false,
          },
        ];
  const owned = (where: SQL) => ({ where, listed: true });
  if (filter.visibility.companyId === null)
    return [owned(eq(documents.ownerUserId, P.user)), ...signed()];
  const outside = sql`${documents.companyId} is distinct from ${P.company}`;
  return [
    owned(eq(documents.companyId, P.company)),
    owned(and(eq(documents.ownerUserId, P.user), outside) as SQL),
    ...signed(outside),
  ];
};

/**
 * A list's search counts at most this many matches: past it the answer says `capped` (more than
 * this many) instead of counting every match of a common word on every page read.
 */
export const SEARCH_TOTAL_CAP = 1_000;

/**
 * The visible documents matching `filter` counted as SQL: one count per disjoint visibility
 * branch, each stopped after `P.cap` matches when `capped`.
 */
export const countSqlOf = (db: TDb, filter: TDocumentFilter, capped: boolean): SQL => {
  const filters = filtersOf(filter);
  const counts = disjointBranches(filter).map(({ where, listed }) => {
    const matches = db
      .select({ one: sql`1` })
      .from(documents)
      .where(and(where, ...filters));
    // Capped, a list index's branch in the list's order, so the planner walks that index
    // (index-only, stops after `P.cap` matches) rather than scanning the table for a common
    // word, which matches a large part of it. The signer branch
    // has no such index: ordered, it would sort all its matches first.
    const walked = !capped
      ? matches
      : listed
        ? matches.orderBy(desc(documents.createdAt), desc(documents.id)).limit(P.cap)
        : matches.limit(P.cap);
    return sql`(${db.select({ n: count() }).from(walked.as('matches'))})`;
  });
  return sql`(${sql.join(counts, sql` + `)})::int`;
};

/** A search's capped count (`SEARCH_TOTAL_CAP`) as the answer's total and `capped`. */
export const searchTotalOf = (n: number): { total: number; capped: boolean } =>
  n > SEARCH_TOTAL_CAP ? { total: SEARCH_TOTAL_CAP, capped: true } : { total: n, capped: false };

/** One count per disjoint visibility branch, each stopped after `cap` matches if given. */
const countBranches = async (db: TDb, filter: TDocumentFilter, cap?: number) => {
  const build = () =>
    db
      .select({ n: sql<number>`${countSqlOf(db, filter, Boolean(cap))}` })
      .from(sql`(select 1) one`);
  const key = `count:${filterShape(filter)}:${cap ? 'cap' : ''}`;
  const [row] = await runShaped(db, key, build, documentValues(filter, { cap }), {
    planPerCall: Boolean(filter.search),
  });
  return row?.n ?? 0;
};

/**
 * How many visible documents match `filter`. Without a search, id or date filter the database's
 * kept totals answer (document-totals.repository.ts); otherwise the disjoint branches are counted.
 */
export const countDocuments = async (db: TDb, filter: TDocumentFilter): Promise<number> => {
  if (filter.id === undefined && !filter.search && !filter.from && !filter.to && !filter.waiting) {
    const states =
      filter.status && filter.status !== 'all' ? statesOfWireStatus(filter.status) : undefined;
    const totals = filter.kept ?? (await readDocumentVersion(db, filter.visibility)).totals;
    return (states ?? [...totals.keys()]).reduce((sum, state) => sum + (totals.get(state) ?? 0), 0);
  }
  return countBranches(db, filter);
};

/**
 * The total of a list page: `countDocuments`, but a search stops counting past
 * `SEARCH_TOTAL_CAP` matches (`capped`: there are more than `total`).
 */
export const countListed = async (
  db: TDb,
  filter: TDocumentFilter,
): Promise<{ total: number; capped: boolean }> => {
  if (!filter.search) return { total: await countDocuments(db, filter), capped: false };
  return searchTotalOf(await countBranches(db, filter, SEARCH_TOTAL_CAP + 1));
};

/** Visible documents per wire status, from the kept totals. */
export const statusTotals = async (
  db: TDb,
  visibility: TVisibility,
  kept?: ReadonlyMap<string, number>,
) => {
  const totals = kept ?? (await readDocumentVersion(db, visibility)).totals;
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
