import type { TPlan, TSubscription } from '@bubuh/contracts';
import type { TDb } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { TAuth } from '../../plugins/auth.ts';
import * as repo from './plans.repository.ts';

export const planToWire = (p: repo.TPlanRow): TPlan => ({
  plan: p.id,
  plan_name: p.name,
  status: p.status,
  note: p.note,
  price: p.priceIdr,
  duration_days: p.durationDays,
  total_emeterai: p.totalEmeterai,
  total_esign: p.totalEsign,
  total_multiuser: p.totalMultiuser,
  total_psre: p.totalPsre,
  is_multiple_esign: p.isMultipleEsign,
  is_parent: p.isParent,
  is_digital_locker: p.isDigitalLocker,
  is_emeterai: p.isEmeterai,
  is_esign_certificate: p.isEsignCertificate,
  is_esign_spesimen: p.isEsignSpesimen,
  is_multi_sign: p.isMultiSign,
});

export const createPlansService = (deps: { db: TDb }) => {
  const { db } = deps;
  return {
    list: async () => (await repo.list(db)).map(planToWire),

    update: async (id: number, patch: Partial<TPlan>) => {
      const values: repo.TPlanPatch = {
        ...(patch.plan_name !== undefined ? { name: patch.plan_name } : {}),
        ...(patch.status !== undefined
          ? { status: patch.status === 'inactive' ? 'inactive' : 'active' }
          : {}),
        ...(patch.note !== undefined ? { note: patch.note } : {}),
        ...(patch.price !== undefined ? { priceIdr: patch.price } : {}),
        ...(patch.duration_days !== undefined ? { durationDays: patch.duration_days } : {}),
        ...(patch.total_emeterai !== undefined ? { totalEmeterai: patch.total_emeterai } : {}),
        ...(patch.total_esign !== undefined ? { totalEsign: patch.total_esign } : {}),
        ...(patch.total_multiuser !== undefined ? { totalMultiuser: patch.total_multiuser } : {}),
        ...(patch.total_psre !== undefined ? { totalPsre: patch.total_psre } : {}),
        ...(patch.is_multiple_esign !== undefined
          ? { isMultipleEsign: patch.is_multiple_esign }
          : {}),
        ...(patch.is_parent !== undefined ? { isParent: patch.is_parent } : {}),
        ...(patch.is_digital_locker !== undefined
          ? { isDigitalLocker: patch.is_digital_locker }
          : {}),
        ...(patch.is_emeterai !== undefined ? { isEmeterai: patch.is_emeterai } : {}),
        ...(patch.is_esign_certificate !== undefined
          ? { isEsignCertificate: patch.is_esign_certificate }
          : {}),
        ...(patch.is_esign_spesimen !== undefined
          ? { isEsignSpesimen: patch.is_esign_spesimen }
          : {}),
        ...(patch.is_multi_sign !== undefined ? { isMultiSign: patch.is_multi_sign } : {}),
      };
      const row = await repo.update(db, id, values);
      if (!row) throw AppError.notFound('Plan');
      return planToWire(row);
    },

    /** The active plan of a user: their own (personal) or their company's. */
    subscriptionOf: async (auth: TAuth, userId: number): Promise<TSubscription | null> => {
      const target = await repo.companyOfUser(db, userId);
      const visible =
        target &&
        (auth.userId === userId ||
          auth.role === 'super' ||
          (auth.companyId !== null &&
            target.companyId === auth.companyId &&
            (auth.role === 'admin' || auth.role === 'admin-company')));
      if (!target || !visible) throw AppError.notFound('User');
      const row = await repo.activeSubscription(db, userId, target.companyId);
      if (!row) return null;
      const p = planToWire(row.plan);
      return {
        ...p,
        subscription_id: row.sub.id,
        expiry_digital_locker_date:
          p.is_digital_locker && row.sub.expiresAt
            ? row.sub.expiresAt.toISOString().slice(0, 10)
            : null,
        is_esign: p.total_esign > 0,
        is_childUser: p.total_multiuser > 0,
        is_psre: p.total_psre > 0,
      };
    },
  };
};

export type TPlansService = ReturnType<typeof createPlansService>;
