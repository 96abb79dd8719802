import type { TSortOrder } from '@bubuh/contracts';
import { and, desc, eq, type SQL } from 'drizzle-orm';
import type { PgColumn, PgInsertValue, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import { orderByOf, type TSortColumns } from '../lib/sort.ts';
import type { TDb, TTx } from './client.ts';
import {
  companyOrOwn,
  containsText,
  countWhere,
  firstOf,
  insertOne,
  pageOf,
  type TPaging,
} from './query.ts';
import { users } from './schema.ts';

/** A table of rows shared inside a company or kept by a personal account (templates, bulk templates). */
type TOwnedTable = PgTable & {
  id: PgColumn;
  name: PgColumn;
  companyId: PgColumn;
  ownerUserId: PgColumn;
  createdAt: PgColumn;
  updatedAt: PgColumn;
};

/** Whose rows: the session's company (shared inside it), or a personal account's own. */
export type TOwnedScope = { companyId: number | null; userId: number };

/**
 * The reads of an owned table, every one scoped by the session: a page of the list (search on the
 * name, the request's sort, newest first by default) and one row, each with its owner's name; the
 * insert of a row of the scope; and the update and delete of one row, which change nothing
 * outside the scope. `V` is what the module writes (never the company or the owner). Each takes
 * the database handle (or a transaction) first, as a repository's functions do.
 */
export const ownedRowsOf = <
  T extends TOwnedTable,
  K extends string,
  V extends Omit<Partial<T['$inferInsert']>, 'companyId' | 'ownerUserId'>,
>(
  table: T,
  columns: TSortColumns<K>,
) => {
  // Drizzle cannot resolve a generic table's row type; for a concrete T it is this.
  type TRow = { t: T['$inferSelect']; owner: string };
  const defaultOrder = [desc(table.createdAt), desc(table.id)];
  const scoped = (scope: TOwnedScope): SQL => companyOrOwn(table, scope);
  const rows = (db: TDb | TTx, where: SQL | undefined, orderBy: SQL[]) =>
    db
      .select({ t: table, owner: users.fullName })
      .from(table as PgTable)
      .innerJoin(users, eq(users.id, table.ownerUserId))
      .where(where)
      .orderBy(...orderBy)
      .$dynamic();
  return {
    page: async (
      db: TDb | TTx,
      scope: TOwnedScope,
      query: TPaging & {
        search?: string | undefined;
        sort?: K | undefined;
        order?: TSortOrder | undefined;
      },
    ) => {
      const where = and(scoped(scope), containsText(table.name, query.search));
      const { rows: found, total } = await pageOf(
        rows(db, where, orderByOf(columns, query, table.id, defaultOrder)),
        query,
        countWhere(db, table, where),
      );
      return { rows: found as TRow[], total };
    },
    find: async (db: TDb | TTx, scope: TOwnedScope, id: number): Promise<TRow | undefined> =>
      (await firstOf(rows(db, and(eq(table.id, id), scoped(scope)), []))) as TRow | undefined,
    /** A new row of the scope: the session's company (null for a personal account), its user. */
    insert: async (db: TDb | TTx, scope: TOwnedScope, values: V): Promise<number> => {
      const owner = { companyId: scope.companyId, ownerUserId: scope.userId };
      // Drizzle cannot resolve a generic table's insert type; for a concrete T it is this.
      const row = await insertOne(db, table, { ...owner, ...values } as PgInsertValue<T>);
      return (row as { id: number }).id;
    },
    update: async (db: TDb | TTx, scope: TOwnedScope, id: number, values: V) => {
      await db
        .update(table)
        .set({ ...values, updatedAt: new Date() } as PgUpdateSetSource<T>)
        .where(and(eq(table.id, id), scoped(scope)));
    },
    remove: async (db: TDb | TTx, scope: TOwnedScope, id: number) => {
      await db.delete(table).where(and(eq(table.id, id), scoped(scope)));
    },
  };
};
