import { z } from 'zod';
import { ZPromoToken, ZUnitKind } from './billing.ts';
import { ZBodyId, ZEnvelope, ZPaged, ZPageQuery } from './envelope.ts';

/**
 * Promo and voucher codes (`POST /api/v1/purchase/apply-token`, managed by super): a percentage
 * (basis points) or fixed rupiah discount, a total usage limit, an expiry date and an active flag.
 */
export const ZPromoKind = z.enum(['percent', 'fixed']);

export const ZPromoCode = z.object({
  id: z.number().int(),
  code: z.string(),
  kind: ZPromoKind,
  /** percent: basis points (1000 = 10 %); fixed: integer rupiah. */
  value: z.number().int(),
  usage_limit: z.number().int().nullable(),
  used_count: z.number().int(),
  expires_at: z.string().nullable(),
  active: z.boolean(),
  created_at: z.string(),
});
export type TPromoCode = z.infer<typeof ZPromoCode>;
export const ZPromoCodeResponse = ZEnvelope(ZPromoCode);
export const ZPromoCodeList = ZPaged(ZPromoCode);
export const ZPromoCodeQuery = ZPageQuery.extend({
  active: z.enum(['true', 'false']).optional(),
});

const ZPromoFields = z.object({
  kind: ZPromoKind,
  value: z.number().int().min(1).max(1_000_000_000),
  usage_limit: z.number().int().min(1).max(10_000_000).nullable().optional(),
  /** Last day the code works (Asia/Jakarta), YYYY-MM-DD. */
  expires_on: z.iso.date().nullable().optional(),
  active: z.boolean().default(true),
});
const percentCap = (v: { kind?: string; value?: number }) =>
  v.kind !== 'percent' || (v.value ?? 0) <= 10_000;
const PERCENT_CAP = { message: 'A percentage is at most 100 %', path: ['value'] };

export const ZPromoCodeCreate = ZPromoFields.extend({ code: ZPromoToken }).refine(
  percentCap,
  PERCENT_CAP,
);
export type TPromoCodeCreate = z.infer<typeof ZPromoCodeCreate>;
export const ZPromoCodeUpdate = ZPromoFields.partial().refine(percentCap, PERCENT_CAP);
export type TPromoCodeUpdate = z.infer<typeof ZPromoCodeUpdate>;

/** Preview of a code for a quantity of units or a plan; nothing is counted until the invoice. */
export const ZApplyTokenRequest = z
  .object({
    token: ZPromoToken,
    type: ZUnitKind.optional(),
    quantity: z.number().int().min(1).max(100_000).optional(),
    plan_id: ZBodyId.optional(),
  })
  .refine((v) => v.plan_id !== undefined || (v.type !== undefined && v.quantity !== undefined), {
    message: 'Give a plan or a unit type and quantity',
    path: ['quantity'],
  });
export const ZApplyTokenResponse = ZEnvelope(
  z.object({
    code: z.string(),
    kind: ZPromoKind,
    value: z.number().int(),
    subtotal: z.number().int(),
    discount: z.number().int(),
    tax: z.number().int(),
    total: z.number().int(),
  }),
);
