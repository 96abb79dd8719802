import { type TDocumentSortKey, type TSortOrder, wireStatusOf } from '@bubuh/contracts';
import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { TDb } from '../../db/client.ts';
import { departements, documents, serialNumbers, users } from '../../db/schema.ts';
import { boundsOf, P, runShaped } from '../../db/shaped.ts';
import { orderByOf, type TSortColumns } from '../../lib/sort.ts';
import { LISTED_COLUMNS } from './document-mapper.ts';
import {
  countSqlOf,
  documentValues,
  filterShape,
  filtersOf,
  overlappingBranches,
  SEARCH_TOTAL_CAP,
  searchTotalOf,
  type TDocumentFilter,
} from './documents.repository.ts';

/** `status` on the wire of a document `state`, in SQL (contracts `wireStatusOf`). */
const wireStatusOfSql = (state: SQL | typeof documents.state) =>
  sql`case ${state} when 'stamped' then 'stamp' when 'cancelled' then 'canceled' else 'nostamp' end`;
const wireStatusSql = wireStatusOfSql(documents.state);

const SORT_COLUMNS: TSortColumns<TDocumentSortKey> = {
  // lower(file_name), kept by PostgreSQL (schema/documents.ts).
  document: documents.fileNameFolded,
  status: wireStatusSql,
  // Drafts have no serial yet: last.
  serial: sql`(select s.serial from serial_numbers s where s.id = ${documents.serialNumberId})`,
  created: documents.createdAt,
  stamped: documents.stampedAt,
};
/** Default order of the list: newest first (`DEFAULT_KEY`, then the id, descending). */
const DEFAULT_KEY = documents.createdAt;
const DEFAULT_ORDER = [desc(DEFAULT_KEY), desc(documents.id)];

export type TDocumentSort = { sort?: TDocumentSortKey | undefined; order?: TSortOrder | undefined };

const orderOf = (sort: TDocumentSort) => orderByOf(SORT_COLUMNS, sort, documents.id, DEFAULT_ORDER);

/** What `orderOf` sorts on before the id: the sort's column or expression, else the default's. */
const sortKeyOf = (sort: TDocumentSort) =>
  sort.sort !== undefined && Object.hasOwn(SORT_COLUMNS, sort.sort)
    ? SORT_COLUMNS[sort.sort]
    : DEFAULT_KEY;

/** The candidates' columns (see `candidatesOf`): id, state and sort key `k`. */
const CANDIDATE = { id: sql.raw('c.id'), state: sql.raw('c.state'), key: sql.raw('c.k') };
const CANDIDATE_COLUMNS = Object.fromEntries(
  Object.keys(SORT_COLUMNS).map((name) => [name, CANDIDATE.key]),
) as TSortColumns<TDocumentSortKey>;

/** `orderOf` over the candidates (their `k` and id; without a sort, `DEFAULT_ORDER`'s directions). */
const candidateOrderOf = (sort: TDocumentSort) =>
  orderByOf(CANDIDATE_COLUMNS, sort, CANDIDATE.id, [
    sql`${CANDIDATE.key} desc`,
    sql`${CANDIDATE.id} desc`,
  ]);

/**
 * What a listed document needs besides its row, read with it: owner and department names, who
 * confirmed its JavaScript, who declined to sign it, its serial, and whether it has signers at
 * all (their rows are read only when some document of the page has any).
 */
const pageFields = {
  doc: Object.fromEntries(LISTED_COLUMNS.map((name) => [name, documents[name]])) as Pick<
    typeof documents,
    (typeof LISTED_COLUMNS)[number]
  >,
  owner: users.fullName,
  departementName: departements.name,
  acknowledgedByName: sql<
    string | null
  >`(select u.full_name from users u where u.id = ${documents.javascriptAcknowledgedBy})`,
  stoppedByName: sql<
    string | null
  >`(select u.full_name from users u where u.id = ${documents.stoppedBy})`,
  serial: serialNumbers.serial,
  hasSigners: sql<boolean>`exists (select 1 from document_signers ds where ds.document_id = ${documents.id})`,
};

/** A page's row bounds (db/shaped.ts `boundsOf`). */
type TBounds = ReturnType<typeof boundsOf>;

/**
 * Each visibility branch's first `end` documents matching `filter` in the list's order: an
 * index scan that stops early. Their union holds the list's first `end` documents. Each carries
 * what ranking them needs (state and sort key, read from the index where it holds them), so the
 * ranking does not fetch every candidate's row again (bench:api measures the list pages).
 */
const candidatesOf = (db: TDb, filter: TDocumentFilter, sort: TDocumentSort, bounds: TBounds) => {
  const filters = filtersOf(filter);
  const key = sortKeyOf(sort);
  return overlappingBranches(filter).map(
    (branch) =>
      sql`(${db
        .select({ id: documents.id, state: documents.state, k: sql`${key}`.as('k') })
        .from(documents)
        .where(and(branch, ...filters))
        .orderBy(...orderOf(sort))} limit ${bounds.end})`,
  );
};

/** The candidates (id, state, k) of the documents whose ids are `P.ids` (a search's). */
const candidatesByIds = (sort: TDocumentSort) =>
  sql`select ${documents.id} as id, ${documents.state} as state, ${sortKeyOf(sort)} as k
    from ${documents} where ${documents.id} in (select unnest(${P.ids}::int[]))`;

const rankFields = {
  rankAll: sql<number>`picked.r_all`.mapWith(Number),
  rankStatus: sql<number>`picked.r_status`.mapWith(Number),
};

/**
 * The candidates (`candidates`: SQL selecting id, state and sort key `k`) ranked once over the
 * whole list (`rankAll`) and, with `byStatus`, within each wire status (`rankStatus`): every
 * candidate is visible and each list's first `end` documents are among them, so these ranks
 * are the lists' own. Only rows ranked within (start, end] by either are joined and returned.
 */
const rankedRows = (
  db: TDb,
  candidates: SQL,
  byStatus: boolean,
  sort: TDocumentSort,
  bounds: TBounds,
) => {
  const orderSql = sql.join(candidateOrderOf(sort), sql`, `);
  const within = (rank: SQL) => sql`(${rank} > ${bounds.start} and ${rank} <= ${bounds.end})`;
  const status = wireStatusOfSql(CANDIDATE.state);
  const picked = sql`(select r.id, r.r_all, r.r_status from (select ${CANDIDATE.id} as id,
    row_number() over (order by ${orderSql}) as r_all,
    ${byStatus ? sql`row_number() over (partition by ${status} order by ${orderSql})` : sql`0`} as r_status
    from (${candidates}) c) r
    where ${byStatus ? sql`${within(sql`r.r_all`)} or ${within(sql`r.r_status`)}` : within(sql`r.r_all`)}) picked`;
  return db
    .select({ ...pageFields, ...rankFields })
    .from(documents)
    .innerJoin(picked, sql`picked.id = ${documents.id}`)
    .innerJoin(users, eq(users.id, documents.ownerUserId))
    .leftJoin(departements, eq(departements.id, documents.departementId))
    .leftJoin(serialNumbers, eq(serialNumbers.id, documents.serialNumberId));
};

/** The candidates of every list, one union (see `candidatesOf`). */
const unionOf = (db: TDb, lists: TDocumentFilter[], sort: TDocumentSort, bounds: TBounds) =>
  sql.join(
    lists.flatMap((list) => candidatesOf(db, list, sort, bounds)),
    sql` union `,
  );

export type TPageRow = Awaited<ReturnType<typeof rankedRows>>[number];

const ranked =
  (key: 'rankAll' | 'rankStatus', start: number, end: number) =>
  (rows: TPageRow[]): TPageRow[] =>
    rows.filter((r) => r[key] > start && r[key] <= end).sort((a, b) => a[key] - b[key]);

type TPageArgs = [
  db: TDb,
  filter: TDocumentFilter,
  page: number,
  perPage: number,
  sort?: TDocumentSort,
];

/**
 * The page of `filter` and, for the history, its stamp and nostamp pages of spec §4 in the same
 * statement. A list the status filter rules out is empty; one the filter equals is the main page.
 */
const pagesOf = async (
  { history, count }: { history: boolean; count: boolean },
  ...[db, filter, page, perPage, sort = {}]: TPageArgs
) => {
  const end = page * perPage;
  const start = end - perPage;
  const status = filter.status ?? 'all';
  const byStatus = history && status === 'all';
  const bounds = boundsOf(start, end);
  const lists: TDocumentFilter[] = byStatus
    ? [filter, { ...filter, status: 'stamp' }, { ...filter, status: 'nostamp' }]
    : [filter];
  const key = `${filterShape(filter)}:${byStatus ? 'ranked' : 'plain'}:${sort.sort ?? ''}:${sort.order ?? ''}:${bounds.key}`;
  const counted = count && Boolean(filter.search);
  const values = documentValues(filter, {
    start,
    end,
    ...(counted ? { cap: SEARCH_TOTAL_CAP + 1 } : {}),
  });
  let rows: TPageRow[];
  let matches: number | undefined;
  if (filter.search) {
    // The candidates' best plan depends on the word (how common it is): they are planned on
    // every call, and only they; the ranking and joins over the ids found keep a generic plan.
    // With `count`, the capped count of the matches comes in the same statement (one plan, one
    // round trip instead of two).
    const [found] = await runShaped(
      db,
      `candidates:${key}:${counted ? 'n' : ''}`,
      () =>
        db
          .select({
            ids: sql<number[]>`array(select c.id from (${unionOf(db, lists, sort, bounds)}) c)`,
            n: counted ? sql<number>`${countSqlOf(db, filter, true)}` : sql<number>`0`,
          })
          .from(sql`(select 1) one`),
      values,
      { planPerCall: true },
    );
    const ids = found?.ids ?? [];
    matches = found?.n;
    rows = ids.length
      ? await runShaped(
          db,
          `page:${key}:ids`,
          () => rankedRows(db, candidatesByIds(sort), byStatus, sort, bounds),
          { ...values, ids },
        )
      : [];
  } else {
    rows = await runShaped(
      db,
      `page:${key}`,
      () => rankedRows(db, unionOf(db, lists, sort, bounds), byStatus, sort, bounds),
      values,
    );
  }
  const data = ranked('rankAll', start, end)(rows);
  const ofStatus = (wire: 'stamp' | 'nostamp') => {
    if (history && status === wire) return data;
    if (!byStatus) return [];
    return ranked('rankStatus', start, end)(rows.filter((r) => wireStatusOf(r.doc.state) === wire));
  };
  return {
    data,
    stamp: ofStatus('stamp'),
    nostamp: ofStatus('nostamp'),
    searchTotal: counted ? searchTotalOf(matches ?? 0) : undefined,
  };
};

/** One page of the visible documents matching `filter`, without a count. */
export const listPage = async (...args: TPageArgs) =>
  (await pagesOf({ history: false, count: false }, ...args)).data;

/**
 * The history's all, stamp and nostamp pages (spec §4) in one statement; for a search, with its
 * capped total (`searchTotal`, see `countListed`), counted in the statement that finds the pages.
 */
export const listHistoryPages = (...args: TPageArgs) =>
  pagesOf({ history: true, count: true }, ...args);

/** `listHistoryPages` of a search whose total the caller knows already (search-totals.ts). */
export const listHistoryPagesUncounted = (...args: TPageArgs) =>
  pagesOf({ history: true, count: false }, ...args);
