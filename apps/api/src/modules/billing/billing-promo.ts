import type { TDiscount, TPromoCode, TPromoCodeCreate, TPromoCodeUpdate } from '@bubuh/contracts';
import type { TDb } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { TAuth } from '../../plugins/auth.ts';
import * as repo from './promo.repository.ts';

/** The last day a code works (Asia/Jakarta) → the instant it stops working. */
const endOfJakartaDay = (day: string) =>
  new Date(new Date(`${day}T00:00:00+07:00`).getTime() + 86_400_000);

export const discountOf = (row: repo.TPromoRow): TDiscount => ({
  kind: row.kind,
  value: row.value,
});

/** Why a code cannot be used now; undefined when it can. */
export const promoRefusal = (
  row: repo.TPromoRow | undefined,
  now = new Date(),
): AppError | undefined => {
  if (!row) return AppError.notFound('Promo code');
  if (!row.active) return new AppError('CONFLICT', 'This promo code is no longer active');
  if (row.expiresAt && row.expiresAt.getTime() <= now.getTime()) {
    return new AppError('CONFLICT', 'This promo code has expired', { reason: 'expired' });
  }
  if (row.usageLimit !== null && row.usedCount >= row.usageLimit) {
    return new AppError('CONFLICT', 'This promo code has been used up', { reason: 'used_up' });
  }
  return undefined;
};

const toWire = (row: repo.TPromoRow): TPromoCode => ({
  id: row.id,
  code: row.code,
  kind: row.kind,
  value: row.value,
  usage_limit: row.usageLimit,
  used_count: row.usedCount,
  expires_at: row.expiresAt?.toISOString() ?? null,
  active: row.active,
  created_at: row.createdAt.toISOString(),
});

/** Promo codes: the usable code for a purchase, and super's management. */
export const createPromoService = (db: TDb) => {
  /** The code's row when it can be used now, else the 4xx that says why. */
  const usable = async (code: string) => {
    const row = await repo.byCode(db, code);
    const refusal = promoRefusal(row);
    if (refusal || !row) throw refusal ?? AppError.notFound('Promo code');
    return row;
  };

  const fields = (body: TPromoCodeUpdate) => ({
    ...(body.kind !== undefined ? { kind: body.kind } : {}),
    ...(body.value !== undefined ? { value: body.value } : {}),
    ...(body.usage_limit !== undefined ? { usageLimit: body.usage_limit } : {}),
    ...(body.expires_on !== undefined
      ? { expiresAt: body.expires_on ? endOfJakartaDay(body.expires_on) : null }
      : {}),
    ...(body.active !== undefined ? { active: body.active } : {}),
  });

  return {
    usable,

    list: async (q: { page: number; perPage: number; active?: 'true' | 'false' }) => {
      const { rows, total } = await repo.list(db, {
        page: q.page,
        perPage: q.perPage,
        ...(q.active ? { active: q.active === 'true' } : {}),
      });
      return { data: rows.map(toWire), meta: { page: q.page, perPage: q.perPage, total } };
    },

    create: async (auth: TAuth, body: TPromoCodeCreate) => {
      const row = await repo.create(db, {
        code: body.code,
        kind: body.kind,
        value: body.value,
        usageLimit: body.usage_limit ?? null,
        expiresAt: body.expires_on ? endOfJakartaDay(body.expires_on) : null,
        active: body.active,
        createdBy: auth.userId,
      });
      if (!row) throw new AppError('CONFLICT', 'This promo code already exists');
      return toWire(row);
    },

    update: async (id: number, body: TPromoCodeUpdate) => {
      const current = await repo.byId(db, id);
      if (!current) throw AppError.notFound('Promo code');
      const next = { ...current, ...fields(body) };
      if (next.kind === 'percent' && next.value > 10_000) {
        throw new AppError('VALIDATION_FAILED', 'A percentage is at most 100 %');
      }
      const row = await repo.update(db, id, fields(body));
      if (!row) throw AppError.notFound('Promo code');
      return toWire(row);
    },

    deactivate: async (id: number) => {
      const row = await repo.update(db, id, { active: false });
      if (!row) throw AppError.notFound('Promo code');
      return toWire(row);
    },
  };
};

export type TPromoService = ReturnType<typeof createPromoService>;
