import type { TSortOrder } from '@bubuh/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

/** What a list sorts by for each of its sort keys: a column or an SQL expression. */
export type TSortColumns<K extends string> = Record<K, PgColumn | SQL>;

/** The only two directions that ever reach the SQL text (never the raw query value). */
const DIRECTION: Record<TSortOrder, SQL> = { asc: sql.raw('asc'), desc: sql.raw('desc') };

/**
 * ORDER BY of a paged list. With `sort`: that key's column or expression in `order`, NULLs last,
 * then `tiebreaker` (a unique column) in the same direction so that paging is stable. Without
 * `sort`: the list's default order, unchanged.
 */
export const orderByOf = <K extends string>(
  columns: TSortColumns<K>,
  query: { sort?: K | undefined; order?: TSortOrder | undefined },
  tiebreaker: PgColumn | SQL,
  fallback: readonly SQL[],
): SQL[] => {
  // The route validated `sort` against the list's keys; anything else keeps the default order.
  if (query.sort === undefined || !Object.hasOwn(columns, query.sort)) return [...fallback];
  const direction = DIRECTION[query.order === 'desc' ? 'desc' : 'asc'];
  return [sql`${columns[query.sort]} ${direction} nulls last`, sql`${tiebreaker} ${direction}`];
};

/** Case-insensitive sorting of human text (names, e-mails, file names). */
export const lowerOf = (column: PgColumn | SQL): SQL => sql`lower(${column})`;
