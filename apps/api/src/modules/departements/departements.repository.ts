import type { TDepartementQuery, TDepartementSortKey } from '@bubuh/contracts';
import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { TDb, TTx } from '../../db/client.ts';
import { containsText, countWhere, firstOf, pageOf } from '../../db/query.ts';
import { departements, quotaAccounts, users } from '../../db/schema.ts';
import { lowerOf, orderByOf, type TSortColumns } from '../../lib/sort.ts';

/** Users and quota balances of the row's department (computed columns, sortable as such). */
const totalUsers = sql<number>`(select count(*)::int from users u where u.departement_id = "departements"."id")`;
const emeterai = sql<number>`coalesce((select a.balance from quota_accounts a where a.owner_type = 'departement' and a.owner_id = "departements"."id" and a.kind = 'emeterai'), 0)::int`;
const esign = sql<number>`coalesce((select a.balance from quota_accounts a where a.owner_type = 'departement' and a.owner_id = "departements"."id" and a.kind = 'esign'), 0)::int`;

const SORT_COLUMNS: TSortColumns<TDepartementSortKey> = {
  name: lowerOf(departements.name),
  users: totalUsers,
  emeterai,
  esign,
};
/** Default order of the list: by name. */
const DEFAULT_ORDER = [asc(departements.name), asc(departements.id)];

const whereOf = (companyId: number, filter?: { id?: number; search?: string | undefined }) => {
  const conditions = [eq(departements.companyId, companyId)];
  if (filter?.id !== undefined) conditions.push(eq(departements.id, filter.id));
  return and(...conditions, containsText(departements.name, filter?.search));
};

const select = (db: TDb, where: SQL | undefined, orderBy: SQL[]) =>
  db
    .select({
      id: departements.id,
      name: departements.name,
      companyId: departements.companyId,
      createdAt: departements.createdAt,
      totalUsers,
      emeterai,
      esign,
    })
    .from(departements)
    .where(where)
    .orderBy(...orderBy)
    .$dynamic();

/** A department with its user count and quota balances. */
export type TDepartementRow = Awaited<ReturnType<typeof select>>[number];

/** One department of the company; undefined when it is not one of the company's. */
export const findDepartement = (db: TDb, companyId: number, id: number) =>
  firstOf(select(db, whereOf(companyId, { id }), DEFAULT_ORDER));

/** One page of the company's departments, in the validated `sort`/`order` of the request. */
export const pageDepartements = (db: TDb, companyId: number, query: TDepartementQuery) => {
  const where = whereOf(companyId, { search: query.search });
  return pageOf(
    select(db, where, orderByOf(SORT_COLUMNS, query, departements.id, DEFAULT_ORDER)),
    query,
    countWhere(db, departements, where),
  );
};

/** Id and name of every department of the company, by name (user forms). */
export const departementOptions = (db: TDb, companyId: number) =>
  db
    .select({ departement_id: departements.id, name: departements.name })
    .from(departements)
    .where(eq(departements.companyId, companyId))
    .orderBy(departements.name);

export const insertDepartement = async (db: TDb, companyId: number, name: string) => {
  const [row] = await db
    .insert(departements)
    .values({ companyId, name })
    .returning({ id: departements.id });
  if (!row) throw new Error('insert returned nothing');
  return row.id;
};

export const renameDepartement = async (db: TDb, companyId: number, id: number, name: string) => {
  await db
    .update(departements)
    .set({ name, updatedAt: new Date() })
    .where(and(eq(departements.id, id), eq(departements.companyId, companyId)));
};

/**
 * The department row of the company, locked for update (the delete) or, with `'share'`, against
 * a delete while a quota movement runs; undefined when gone.
 */
export const lockDepartement = (
  tx: TTx,
  companyId: number,
  id: number,
  strength: 'update' | 'share' = 'update',
) =>
  firstOf(
    tx
      .select({ id: departements.id })
      .from(departements)
      .where(and(eq(departements.id, id), eq(departements.companyId, companyId)))
      .for(strength),
  );

export const countUsers = (tx: TTx, departementId: number) =>
  countWhere(tx, users, eq(users.departementId, departementId));

/** Removes the given empty accounts that no ledger entry refers to (the others stay as history). */
export const deleteUnusedAccounts = async (tx: TTx, accountIds: number[]) => {
  if (accountIds.length === 0) return;
  await tx
    .delete(quotaAccounts)
    .where(
      and(
        inArray(quotaAccounts.id, accountIds),
        eq(quotaAccounts.balance, 0),
        sql`not exists (select 1 from quota_entries e where e.account_id = ${quotaAccounts.id})`,
      ),
    );
};

export const deleteDepartement = async (tx: TTx, companyId: number, id: number) => {
  await tx
    .delete(departements)
    .where(and(eq(departements.id, id), eq(departements.companyId, companyId)));
};
