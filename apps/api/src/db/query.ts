import type { TSortOrder } from '@bubuh/contracts';
import { and, count, eq, getTableName, ilike, isNull, type SQL } from 'drizzle-orm';
import type {
  PgColumn,
  PgInsertValue,
  PgSelect,
  PgTable,
  PgUpdateSetSource,
} from 'drizzle-orm/pg-core';
import { orderByOf, type TSortColumns } from '../lib/sort.ts';
import type { TDb, TTx } from './client.ts';

/** Which page of a list a request asks for (1-based), as every list query carries it. */
export type TPaging = { page: number; perPage: number };

/** The `{ n }` row of a `count()` select, or 0 when it returned nothing. */
export const countOf = async (query: PromiseLike<{ n: number }[]>): Promise<number> => {
  const [row] = await query;
  return row?.n ?? 0;
};

/** The first row a select returns, or undefined when it returned none (find-one lookups). */
export const firstOf = async <T>(query: PromiseLike<T[]>): Promise<T | undefined> => {
  const [row] = await query;
  return row;
};

/** How many rows of `table` match `where`. */
export const countWhere = (db: TDb | TTx, table: PgTable, where: SQL | undefined) =>
  countOf(db.select({ n: count() }).from(table).where(where));

/** Whether any row of `table` matches `where` (reads one id at most). */
export const anyWhere = async (
  db: TDb | TTx,
  table: PgTable & { id: PgColumn },
  where: SQL | undefined,
): Promise<boolean> => {
  const rows = await db.select({ id: table.id }).from(table).where(where).limit(1);
  return rows.length > 0;
};

/**
 * One page of a list: `query` (a `$dynamic()` select, already filtered and ordered) limited to the
 * request's page, and `total`, the count of every row under the same filter.
 */
export const pageOf = async <Q extends PgSelect>(
  query: Q,
  paging: TPaging,
  total: Promise<number>,
): Promise<{ rows: Awaited<Q>; total: number }> => {
  const [rows, n] = await Promise.all([
    query.limit(paging.perPage).offset((paging.page - 1) * paging.perPage),
    total,
  ]);
  return { rows: rows as Awaited<Q>, total: n };
};

/** A list request: its page, and the sort key and direction the route validated (if any). */
export type TSortedPaging<K extends string> = TPaging & {
  sort?: K | undefined;
  order?: TSortOrder | undefined;
};

/**
 * One page of a list over `table` in the request's sort (`orderByOf`: the key's column, then
 * the table's id; without a key, `fallback`): `select` (a `$dynamic()` select from `table` with
 * the list's joins) filtered by `where`, and the count of `table`'s rows under the same filter.
 */
export const sortedPageOf = <Q extends PgSelect, K extends string>(
  db: TDb | TTx,
  table: PgTable & { id: PgColumn },
  select: Q,
  list: {
    where: SQL | undefined;
    query: TSortedPaging<K>;
    columns: TSortColumns<K>;
    fallback: readonly SQL[];
  },
) => {
  const { where, query } = list;
  const ordered = select
    .where(where)
    .orderBy(...orderByOf(list.columns, query, table.id, list.fallback));
  return pageOf(ordered as Q, query, countWhere(db, table, where));
};

/**
 * Case-insensitive "contains" on `column` for a list's search box; undefined without a search.
 * The LIKE wildcards and escape character are taken out of the typed text, so it matches literally.
 */
export const containsText = (column: PgColumn | SQL, search: string | undefined) => {
  const like = likeOf(search);
  return like === undefined ? undefined : ilike(column, like);
};

/** `%text%` for ILIKE with the wildcards and escape character removed; undefined when empty. */
export const likeOf = (search: string | undefined): string | undefined =>
  search ? `%${search.replace(/[%_\\]/g, '')}%` : undefined;

/**
 * Rows shared inside a company, or a personal account's own (templates, bulk templates): the
 * session's company when it has one, else the rows without a company that the user owns.
 */
export const companyOrOwn = (
  table: { companyId: PgColumn; ownerUserId: PgColumn },
  scope: { companyId: number | null; userId: number },
): SQL =>
  (scope.companyId !== null
    ? eq(table.companyId, scope.companyId)
    : and(isNull(table.companyId), eq(table.ownerUserId, scope.userId))) as SQL;

type TTableWithId = PgTable & { id: PgColumn; updatedAt: PgColumn };

/**
 * Sets `values` and a new `updatedAt` on the row `id` of `table` (platform data and rows already
 * scoped by the caller); the row as stored, or undefined when there is no such row.
 */
export const updateById = async <T extends TTableWithId>(
  db: TDb | TTx,
  table: T,
  id: number,
  values: PgUpdateSetSource<T>,
): Promise<T['$inferSelect'] | undefined> => {
  const rows = await db
    .update(table)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(table.id, id))
    .returning();
  // Drizzle cannot resolve a generic table's row type; for a concrete T it is T['$inferSelect'].
  return (rows as T['$inferSelect'][])[0];
};

/** Inserts one row of `table` and returns it as stored (its id and defaults filled in). */
export const insertOne = async <T extends PgTable>(
  db: TDb | TTx,
  table: T,
  values: PgInsertValue<T>,
): Promise<T['$inferSelect']> => {
  // As in updateById: for a concrete T the returned rows are T['$inferSelect'].
  const [row] = (await db.insert(table).values(values).returning()) as T['$inferSelect'][];
  if (!row) throw new Error(`${getTableName(table)} insert returned nothing`);
  return row;
};

/** Inserts `values` (one row or many) of `table`, when the caller needs nothing back. */
export const insertRows = async <T extends PgTable>(
  db: TDb | TTx,
  table: T,
  values: PgInsertValue<T> | PgInsertValue<T>[],
): Promise<void> => {
  await db.insert(table).values(values as PgInsertValue<T>);
};

/** The first row of `table` matching `where` in `orderBy` (the newest, with a `desc` order). */
export const latestWhere = async <T extends PgTable>(
  db: TDb | TTx,
  table: T,
  where: SQL | undefined,
  orderBy: readonly SQL[],
): Promise<T['$inferSelect'] | undefined> => {
  const rows = await db
    .select()
    .from(table as PgTable)
    .where(where)
    .orderBy(...orderBy)
    .limit(1);
  // As in updateById: for a concrete T the selected rows are T['$inferSelect'].
  return (rows as T['$inferSelect'][])[0];
};

/**
 * A find of a row with the parent row it points at, in one statement: `fields` names the row's
 * table first and its parent's second (as the result names them), `parentId` is the row's column
 * holding the parent's id. The find answers the first row matching `where`, or undefined.
 */
export const rowWithParent =
  <F extends Record<string, PgTable & { id: PgColumn }>>(fields: F, parentId: PgColumn) =>
  async (
    db: TDb | TTx,
    where: SQL,
  ): Promise<{ [K in keyof F]: F[K]['$inferSelect'] } | undefined> => {
    const [child, parent] = Object.values(fields);
    if (!child || !parent) throw new Error('rowWithParent takes a table and its parent');
    const rows = await db
      .select(fields as Record<string, PgTable>)
      .from(child as PgTable)
      .innerJoin(parent as PgTable, eq(parent.id, parentId))
      .where(where)
      .limit(1);
    // As in updateById: for concrete tables the selected rows are these.
    return (rows as { [K in keyof F]: F[K]['$inferSelect'] }[])[0];
  };

/**
 * Sets the timestamp `key` of the row `id` of `table` to now, only while it is still unset: true
 * when this call set it, false when another got there first (single use under concurrency).
 */
export const stampOnce = async <T extends PgTable & { id: PgColumn }>(
  db: TDb | TTx,
  table: T,
  id: number,
  key: keyof T['$inferInsert'] & keyof T & string,
): Promise<boolean> => {
  const rows = await db
    .update(table)
    .set({ [key]: new Date() } as PgUpdateSetSource<T>)
    .where(and(eq(table.id, id), isNull(table[key] as PgColumn)))
    .returning({ id: table.id });
  return rows.length === 1;
};
