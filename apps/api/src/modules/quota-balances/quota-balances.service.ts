import type { TQuota, TQuotaHistoryQuery, TTransferQuotaRequest } from '@bubuh/contracts';
import type { TDb } from '../../db/client.ts';
import { requireCompanyAdmin, requireQuotaAdmin } from '../../lib/access.ts';
import { AppError, foundOr404 } from '../../lib/app-error.ts';
import type { TAuth } from '../../plugins/auth.ts';
import { accountOf, balanceOf, move, type TAccountRef, type TQuotaScope } from '../quota/index.ts';
import * as repo from './quota-balances.repository.ts';

const CHART_MONTHS = 12;

type TBalance = { remain: number; spent: number };

/** A wallet on the wire: what remains, what was used, and both together. */
const walletFigures = (w: TBalance) => ({
  remain: w.remain,
  usage: { total: w.spent },
  total: { total: w.remain + w.spent },
});

/** The same for the caller's child users (`*_child`). */
const childTotals = (c: TBalance) => ({
  remain_child: c.remain,
  usage_child: c.spent,
  total_child: c.remain + c.spent,
});

const lastMonths = (n: number): string[] => {
  const now = new Date();
  return Array.from({ length: n }, (_, i) => {
    const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - (n - 1 - i), 1));
    return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
  });
};

export const createQuotaService = (deps: { db: TDb }) => {
  const { db } = deps;

  const findDepartement = async (companyId: number, departementId: number) =>
    foundOr404(await repo.findDepartement(db, companyId, departementId), 'Department');

  const chart = async (ref: TAccountRef, companyWide: boolean) => {
    const months = lastMonths(CHART_MONTHS);
    const rows = await repo.monthlyUsage(
      db,
      companyWide && ref.companyId !== null
        ? { companyId: ref.companyId }
        : { ownerType: ref.ownerType, ownerId: ref.ownerId },
      CHART_MONTHS,
    );
    const series = (kind: string) =>
      months.map((m) => rows.find((r) => r.month === m && r.kind === kind)?.total ?? 0);
    return { months, emeterai: series('emeterai'), esign: series('esign') };
  };

  /** Drafts in the scope of the read (spec §3 draft.total). */
  const drafts = (auth: TAuth, ref: TAccountRef) =>
    repo.draftCount(
      db,
      ref.ownerType === 'company'
        ? { companyId: ref.ownerId }
        : ref.ownerType === 'departement' && ref.companyId !== null
          ? { companyId: ref.companyId, departementId: ref.ownerId }
          : { ownerUserId: auth.userId },
    );

  /** A move between the company and one of its departments; the department is re-checked in it. */
  const moveWithDepartement = async (
    auth: TAuth,
    body: TTransferQuotaRequest,
    idempotencyKey: string | undefined,
    {
      direction,
      insufficientMessage,
    }: { direction: 'transfer' | 'return'; insufficientMessage: string },
  ) => {
    const companyId = requireQuotaAdmin(auth);
    const dept = await findDepartement(companyId, body.departement_id);
    const company: TAccountRef = { ownerType: 'company', ownerId: companyId, companyId };
    const departement: TAccountRef = { ownerType: 'departement', ownerId: dept.id, companyId };
    const toDepartement = direction === 'transfer';
    const result = await move(db, {
      kind: body.type,
      quantity: body.quota,
      from: toDepartement ? company : departement,
      to: toDepartement ? departement : company,
      reason: direction,
      actorUserId: auth.userId,
      companyId,
      ref: { type: 'departement', id: String(dept.id) },
      ...(idempotencyKey ? { idempotencyKey: `${direction}:${companyId}:${idempotencyKey}` } : {}),
      insufficientMessage,
      // A department deleted meanwhile must not receive (or give) quota: the department row is
      // share-locked before the accounts, as its delete locks it (for update) before its accounts.
      guard: async (tx) => {
        if (!(await repo.lockDepartementForShare(tx, companyId, dept.id)))
          throw AppError.notFound('Department');
      },
    });
    return {
      movement_id: result.movement.id,
      company_remain: await balanceOf(db, company, body.type),
      departement_remain: await balanceOf(db, departement, body.type),
    };
  };

  return {
    getQuota: async (auth: TAuth, scope: TQuotaScope): Promise<TQuota> => {
      const ref = accountOf(auth, scope);
      // Six queries: balances and usage of every kind, chart, drafts, the child users' two.
      const [figures, usage, draft, child] = await Promise.all([
        repo.figuresOf(db, ref.ownerType, ref.ownerId),
        chart(ref, false),
        drafts(auth, ref),
        repo.childFigures(db, auth.userId),
      ]);
      const [emeterai, esign, psre] = [figures('emeterai'), figures('esign'), figures('psre')];
      const [childEmeterai, childEsign] = [child('emeterai'), child('esign')];
      const quota: TQuota = {
        scope,
        remain: emeterai.remain,
        usage: { total: emeterai.spent },
        stamp: { total: emeterai.stamps },
        total: { total: emeterai.remain + emeterai.spent },
        draft: { total: draft },
        chartUsage: usage.emeterai,
        chartRemain: [emeterai.remain, emeterai.spent],
        remain_child: childEmeterai.remain,
        usage_child: childEmeterai.spent,
        stamp_child: childEmeterai.stamps,
        total_child: childEmeterai.remain + childEmeterai.spent,
        esign: { ...walletFigures(esign), ...childTotals(childEsign) },
        psre: walletFigures(psre),
      };
      if (scope === 'company' && auth.role === 'admin-company' && ref.companyId !== null) {
        quota.departements = await repo.departementBalances(db, ref.companyId);
      }
      return quota;
    },

    stock: async (auth: TAuth, scope: TQuotaScope, departementId?: number) => {
      if (scope === 'departement' && departementId !== undefined) {
        // Company admins may read any department of their company; users only their own.
        const companyId = auth.companyId;
        if (companyId === null) throw AppError.forbidden();
        if (auth.role === 'user' && auth.departementId !== departementId)
          throw AppError.notFound('Department');
        if (auth.role !== 'user' && auth.role !== 'admin' && auth.role !== 'admin-company')
          throw AppError.forbidden();
        await findDepartement(companyId, departementId);
        const ref: TAccountRef = { ownerType: 'departement', ownerId: departementId, companyId };
        return {
          emeterai: await balanceOf(db, ref, 'emeterai'),
          esign: await balanceOf(db, ref, 'esign'),
        };
      }
      const ref = accountOf(auth, scope);
      return {
        emeterai: await balanceOf(db, ref, 'emeterai'),
        esign: await balanceOf(db, ref, 'esign'),
      };
    },

    /** Company → department. */
    transfer: (auth: TAuth, body: TTransferQuotaRequest, idempotencyKey?: string) =>
      moveWithDepartement(auth, body, idempotencyKey, {
        direction: 'transfer',
        insufficientMessage: 'Kuota perusahaan tidak mencukupi',
      }),

    /** Department → company. */
    giveBack: (auth: TAuth, body: TTransferQuotaRequest, idempotencyKey?: string) =>
      moveWithDepartement(auth, body, idempotencyKey, {
        direction: 'return',
        insufficientMessage: 'Kuota departemen tidak mencukupi',
      }),

    history: async (auth: TAuth, query: TQuotaHistoryQuery) => {
      const { page, perPage } = query;
      const companyId = requireCompanyAdmin(auth);
      const { rows, total, deptNames } = await repo.companyHistory(db, companyId, query);
      return {
        data: rows.map((r) => {
          const deptId =
            r.toType === 'departement' ? r.toId : r.fromType === 'departement' ? r.fromId : null;
          return {
            id: r.id,
            type: r.reason,
            kind: r.kind,
            quota: r.quantity,
            department: deptId !== null ? (deptNames.get(deptId) ?? null) : null,
            departement_id: deptId,
            by: r.by,
            date: r.createdAt.toISOString(),
          };
        }),
        meta: { page, perPage, total },
      };
    },

    chart: async (auth: TAuth) => {
      const scope: TQuotaScope =
        auth.role === 'admin' || auth.role === 'admin-company'
          ? 'company'
          : auth.role === 'user' && auth.departementId !== null
            ? 'departement'
            : 'user';
      return chart(accountOf(auth, scope), scope === 'company');
    },
  };
};

export type TQuotaService = ReturnType<typeof createQuotaService>;
