import type { TDepartement, TDepartementQuery, TDepartementSortKey } from '@bubuh/contracts';
import { and, asc, count, eq, ilike, type SQL, sql } from 'drizzle-orm';
import type { TDb } from '../../db/client.ts';
import { departements } from '../../db/schema.ts';
import { requireCompanyAdmin } from '../../lib/access.ts';
import { AppError } from '../../lib/app-error.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { lowerOf, orderByOf, type TSortColumns } from '../../lib/sort.ts';
import type { TAuth } from '../../plugins/auth.ts';
import { lockOwnerAccounts } from '../quota/ledger.ts';
import * as deptRepo from './departements.repository.ts';

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

export const createDepartementsService = (deps: { db: TDb }) => {
  const { db } = deps;

  const whereOf = (companyId: number, filter?: { id?: number; search?: string | undefined }) => {
    const conditions = [eq(departements.companyId, companyId)];
    if (filter?.id !== undefined) conditions.push(eq(departements.id, filter.id));
    if (filter?.search)
      conditions.push(ilike(departements.name, `%${filter.search.replace(/[%_]/g, '')}%`));
    return and(...conditions);
  };

  const select = (where: SQL | undefined, orderBy: SQL[]) =>
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
      .orderBy(...orderBy);

  const toWire = (r: Awaited<ReturnType<typeof select>>[number]): TDepartement => ({
    departement_id: r.id,
    name: r.name,
    company_id: r.companyId,
    total_users: r.totalUsers,
    quota_emeterai: r.emeterai,
    quota_esign: r.esign,
    created_at: r.createdAt.toISOString(),
  });

  const getOne = async (companyId: number, id: number) => {
    const [row] = await select(whereOf(companyId, { id }), DEFAULT_ORDER);
    if (!row) throw AppError.notFound('Department');
    return toWire(row);
  };

  const duplicate = () =>
    new AppError('CONFLICT', 'A department with this name already exists', {
      name: 'Already exists',
    });

  return {
    list: async (auth: TAuth, query: TDepartementQuery) => {
      const companyId = requireCompanyAdmin(auth);
      const where = whereOf(companyId, { search: query.search });
      const rows = await select(
        where,
        orderByOf(SORT_COLUMNS, query, departements.id, DEFAULT_ORDER),
      )
        .limit(query.perPage)
        .offset((query.page - 1) * query.perPage);
      const [total] = await db.select({ n: count() }).from(departements).where(where);
      return {
        data: rows.map(toWire),
        meta: { page: query.page, perPage: query.perPage, total: total?.n ?? 0 },
      };
    },

    /** Department options of a company (user forms); only the caller's own company, or super. */
    options: async (auth: TAuth, companyId: number) => {
      if (auth.role !== 'super' && auth.companyId !== companyId) throw AppError.notFound('Company');
      const rows = await db
        .select({ departement_id: departements.id, name: departements.name })
        .from(departements)
        .where(eq(departements.companyId, companyId))
        .orderBy(departements.name);
      return rows;
    },

    create: async (auth: TAuth, name: string) => {
      const companyId = requireCompanyAdmin(auth);
      try {
        const [row] = await db
          .insert(departements)
          .values({ companyId, name })
          .returning({ id: departements.id });
        if (!row) throw new Error('insert returned nothing');
        return getOne(companyId, row.id);
      } catch (error) {
        if (isUniqueViolation(error)) throw duplicate();
        throw error;
      }
    },

    update: async (auth: TAuth, id: number, name: string) => {
      const companyId = requireCompanyAdmin(auth);
      await getOne(companyId, id);
      try {
        await db
          .update(departements)
          .set({ name, updatedAt: new Date() })
          .where(and(eq(departements.id, id), eq(departements.companyId, companyId)));
      } catch (error) {
        if (isUniqueViolation(error)) throw duplicate();
        throw error;
      }
      return getOne(companyId, id);
    },

    /**
     * Refused while the department still has users or quota of any kind (e-Meterai, e-sign,
     * PSrE): return the quota first. The deciding checks run in the transaction that deletes, with
     * the locks of a quota move in the same order: the department row (a transfer share-locks it
     * first), then the department's quota accounts in id order (as the ledger locks them). So a
     * concurrent transfer either lands first (and the delete sees its quota and is refused) or
     * finds the department gone (and is refused with 404); a spend or refund in flight on the
     * department's accounts is waited for.
     */
    remove: async (auth: TAuth, id: number) => {
      const companyId = requireCompanyAdmin(auth);
      const dept = await getOne(companyId, id);
      // The common refusal, answered without taking locks; the transaction decides.
      if (dept.total_users > 0) {
        throw new AppError(
          'CONFLICT',
          `Departemen masih memiliki ${dept.total_users} user, pindahkan user terlebih dahulu`,
        );
      }
      const hasQuota = () =>
        new AppError(
          'CONFLICT',
          'Departemen masih memiliki kuota, kembalikan kuota ke perusahaan terlebih dahulu',
        );
      if (dept.quota_emeterai > 0 || dept.quota_esign > 0) throw hasQuota();
      await db.transaction(async (tx) => {
        if (!(await deptRepo.lockDepartement(tx, companyId, id)))
          throw AppError.notFound('Department');
        const accounts = await lockOwnerAccounts(tx, 'departement', id);
        if ((await deptRepo.countUsers(tx, id)) > 0)
          throw new AppError('CONFLICT', 'Departemen masih memiliki user');
        if (accounts.some((account) => account.balance > 0)) throw hasQuota();
        await deptRepo.deleteUnusedAccounts(
          tx,
          accounts.map((account) => account.id),
        );
        await deptRepo.deleteDepartement(tx, companyId, id);
      });
    },
  };
};

export type TDepartementsService = ReturnType<typeof createDepartementsService>;
