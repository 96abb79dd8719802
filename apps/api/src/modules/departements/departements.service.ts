import type { TDepartement, TDepartementQuery } from '@bubuh/contracts';
import type { TDb } from '../../db/client.ts';
import { requireCompanyAdmin } from '../../lib/access.ts';
import { AppError } from '../../lib/app-error.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import type { TAuth } from '../../plugins/auth.ts';
import { lockOwnerAccounts } from '../quota/index.ts';
import * as deptRepo from './departements.repository.ts';

export const createDepartementsService = (deps: { db: TDb }) => {
  const { db } = deps;

  const toWire = (r: deptRepo.TDepartementRow): TDepartement => ({
    departement_id: r.id,
    name: r.name,
    company_id: r.companyId,
    total_users: r.totalUsers,
    quota_emeterai: r.emeterai,
    quota_esign: r.esign,
    created_at: r.createdAt.toISOString(),
  });

  const getOne = async (companyId: number, id: number) => {
    const row = await deptRepo.findDepartement(db, companyId, id);
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
      const { rows, total } = await deptRepo.pageDepartements(db, companyId, query);
      return {
        data: rows.map(toWire),
        meta: { page: query.page, perPage: query.perPage, total },
      };
    },

    /** Department options of a company (user forms); only the caller's own company, or super. */
    options: async (auth: TAuth, companyId: number) => {
      if (auth.role !== 'super' && auth.companyId !== companyId) throw AppError.notFound('Company');
      return deptRepo.departementOptions(db, companyId);
    },

    create: async (auth: TAuth, name: string) => {
      const companyId = requireCompanyAdmin(auth);
      try {
        const id = await deptRepo.insertDepartement(db, companyId, name);
        return getOne(companyId, id);
      } catch (error) {
        if (isUniqueViolation(error)) throw duplicate();
        throw error;
      }
    },

    update: async (auth: TAuth, id: number, name: string) => {
      const companyId = requireCompanyAdmin(auth);
      await getOne(companyId, id);
      try {
        await deptRepo.renameDepartement(db, companyId, id, name);
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
