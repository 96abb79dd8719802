import { z } from 'zod';
import { ZBodyId, ZEnvelope, ZPaged, ZPageQuery } from './envelope.ts';

/**
 * Buying (spec §1, §3 Purchase): invoices for quota units or a plan, paid through the payment
 * gateway (sandbox or Midtrans) or by bank transfer with a proof of payment. Money is integer
 * rupiah end to end.
 */
export const INVOICE_STATUSES = ['pending', 'paid', 'expired', 'failed'] as const;
export const ZInvoiceStatus = z.enum(INVOICE_STATUSES);
export type TInvoiceStatus = z.infer<typeof ZInvoiceStatus>;

/** The spec's words for the purchase list (Paid, Expired, Pending); failed reads as Failed. */
export const PURCHASE_STATUS_LABEL: Record<TInvoiceStatus, string> = {
  pending: 'Pending',
  paid: 'Paid',
  expired: 'Expired',
  failed: 'Failed',
};

export const ZPaymentMethod = z.enum(['gateway', 'bank_transfer']);
/** A payment channel asked of the gateway (`oauth-dana`: DANA through the gateway). */
export const ZPaymentChannel = z.enum(['dana']);
export type TPaymentChannel = z.infer<typeof ZPaymentChannel>;
/** A promo or voucher code as typed: trimmed, upper-cased. */
export const ZPromoToken = z
  .string()
  .trim()
  .min(3, 'Enter a promo code')
  .max(40)
  .regex(/^[A-Za-z0-9_-]+$/, 'Letters, digits, - and _ only')
  .transform((v) => v.toUpperCase());
export type TPaymentMethod = z.infer<typeof ZPaymentMethod>;
export const ZUnitKind = z.enum(['emeterai', 'esign']);
export type TUnitKind = z.infer<typeof ZUnitKind>;

/** Tax rate in basis points (1100 = 11 %): integer arithmetic, no floating point. */
export type TTotals = { subtotal: number; discount: number; tax: number; total: number };

/** A promo code's discount: a percentage in basis points (1000 = 10 %) or fixed rupiah. */
export type TDiscount = { kind: 'percent' | 'fixed'; value: number };

/**
 * Subtotal, discount (never more than the subtotal, rounded down to the rupiah), PPN on the
 * discounted amount (rounded half up) and grand total of integer rupiah lines.
 */
export const computeTotals = (
  lines: readonly { quantity: number; unitPrice: number }[],
  taxRateBp: number,
  discountRule?: TDiscount | null,
): TTotals => {
  const subtotal = lines.reduce((sum, l) => sum + l.quantity * l.unitPrice, 0);
  const raw = !discountRule
    ? 0
    : discountRule.kind === 'percent'
      ? Math.floor((subtotal * discountRule.value) / 10_000)
      : discountRule.value;
  const discount = Math.min(subtotal, Math.max(0, raw));
  const taxable = subtotal - discount;
  const tax = Math.floor((taxable * taxRateBp + 5_000) / 10_000);
  return { subtotal, discount, tax, total: taxable + tax };
};

export const ZPricing = ZEnvelope(
  z.object({
    emeterai_price: z.number().int(),
    esign_price: z.number().int(),
    tax_rate_bp: z.number().int(),
    expiry_minutes: z.number().int(),
    gateway: z.enum(['sandbox', 'midtrans']),
    bank_account: z.string(),
  }),
);

export const ZQuotaPurchaseRequest = z.object({
  type: ZUnitKind,
  quantity: z.number().int().min(1, 'Enter at least 1').max(100_000),
  method: ZPaymentMethod.default('gateway'),
  channel: ZPaymentChannel.optional(),
  token: ZPromoToken.optional(),
});
export type TQuotaPurchaseRequest = z.infer<typeof ZQuotaPurchaseRequest>;

export const ZPlanPurchaseRequest = z.object({
  plan_id: ZBodyId,
  method: ZPaymentMethod.default('gateway'),
  channel: ZPaymentChannel.optional(),
  token: ZPromoToken.optional(),
});

export const ZInvoiceItem = z.object({
  description: z.string(),
  kind: z.enum(['emeterai', 'esign', 'psre', 'plan']),
  quantity: z.number().int(),
  unit_price: z.number().int(),
  amount: z.number().int(),
});

export const ZPaymentProof = z.object({
  id: z.number().int(),
  invoice_id: z.number().int(),
  invoice_number: z.string(),
  company_name: z.string().nullable(),
  uploaded_by: z.string().nullable(),
  status: z.enum(['submitted', 'confirmed', 'rejected']),
  total: z.number().int(),
  note: z.string().nullable(),
  created_at: z.string(),
});
export type TPaymentProof = z.infer<typeof ZPaymentProof>;

export const ZInvoice = z.object({
  id: z.number().int(),
  number: z.string(),
  purpose: z.enum(['quota', 'plan']),
  plan_id: z.number().int().nullable(),
  method: ZPaymentMethod,
  gateway: z.enum(['sandbox', 'midtrans']).nullable(),
  channel: ZPaymentChannel.nullable(),
  status: ZInvoiceStatus,
  items: z.array(ZInvoiceItem),
  subtotal: z.number().int(),
  promo_code: z.string().nullable(),
  discount: z.number().int(),
  tax_rate_bp: z.number().int(),
  tax: z.number().int(),
  total: z.number().int(),
  due_at: z.string(),
  paid_at: z.string().nullable(),
  created_at: z.string(),
  buyer: z.object({
    name: z.string().nullable(),
    email: z.string().nullable(),
    company: z.string().nullable(),
    npwp: z.string().nullable(),
  }),
  seller: z.object({ name: z.string(), npwp: z.string(), address: z.string() }),
  bank_account: z.string(),
  /** Latest proof of a bank transfer, if any. */
  proof_status: z.enum(['submitted', 'confirmed', 'rejected']).nullable(),
});
export type TInvoice = z.infer<typeof ZInvoice>;
export const ZInvoiceResponse = ZEnvelope(ZInvoice);

export const ZPayStartResponse = ZEnvelope(z.object({ redirect_url: z.string() }));

export const ZSandboxCompleteRequest = z.object({
  outcome: z.enum(['success', 'failure', 'pending']),
});
export const ZSandboxCompleteResponse = ZEnvelope(
  z.object({ status: ZInvoiceStatus, redirect_url: z.string() }),
);

/** Spec §3 Purchase, list read as data.data (newest first). `puchaseBy` is spelled so. */
export const ZPurchase = z.object({
  id: z.number().int(),
  invoiceNumber: z.string(),
  puchaseBy: z.string().nullable(),
  date: z.string(),
  qty: z.number().int(),
  amount: z.number().int(),
  status: z.enum(['Paid', 'Expired', 'Pending', 'Failed']),
  purpose: z.enum(['quota', 'plan']),
});
export type TPurchase = z.infer<typeof ZPurchase>;
export const ZPurchaseList = ZPaged(ZPurchase);
export const ZPurchaseQuery = ZPageQuery.extend({
  sort: z.enum(['DESC', 'ASC', 'desc', 'asc']).default('DESC'),
  status: ZInvoiceStatus.optional(),
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
});

export const ZTransaction = z.object({
  id: z.number().int(),
  type: z.enum(['seed', 'purchase', 'transfer', 'return', 'spend', 'refund', 'adjust']),
  kind: z.enum(['emeterai', 'esign', 'psre']),
  /** Signed: + units in, - units out of the caller's balance. */
  quantity: z.number().int(),
  reference: z.string().nullable(),
  by: z.string().nullable(),
  date: z.string(),
});
export type TTransaction = z.infer<typeof ZTransaction>;
export const ZTransactionList = ZPaged(ZTransaction);
export const ZTransactionQuery = ZPageQuery.extend({
  type: ZTransaction.shape.type.optional(),
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
});

export const ZProofList = ZPaged(ZPaymentProof);
export const ZProofQuery = ZPageQuery.extend({
  status: z.enum(['submitted', 'confirmed', 'rejected']).optional(),
});
export const ZProofReviewRequest = z.object({ note: z.string().max(500).optional() });
export const ZProofResponse = ZEnvelope(ZPaymentProof);
