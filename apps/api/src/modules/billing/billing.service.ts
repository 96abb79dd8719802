import {
  computeTotals,
  PG_INT_MAX,
  PURCHASE_STATUS_LABEL,
  readConfigValue,
  type TConfigGroup,
  type TInvoice,
  type TPaymentChannel,
  type TPaymentMethod,
  type TPurchase,
  type TTransaction,
  type TUnitKind,
} from '@bubuh/contracts';
import type { TDb } from '../../db/client.ts';
import { isCompanyAdmin } from '../../lib/access.ts';
import { AppError, foundOr404 } from '../../lib/app-error.ts';
import type { TAuth } from '../../plugins/auth.ts';
import { accountOf } from '../quota/index.ts';
import * as repo from './billing.repository.ts';
import { createPromoService, discountOf } from './billing-promo.ts';
import { createSettlement, type TInvoiceClosed } from './billing-settlement.ts';
import type { TPaymentGateway } from './gateways/payment-gateway.ts';

export type TSeller = { name: string; npwp: string; address: string; bankAccount: string };

/** Configuration values (master_status) that price a purchase. */
export const PRICING_KEYS = {
  emeterai: 'price_emeterai',
  esign: 'price_esign',
  tax: 'ppn_rate',
  expiry: 'invoice_expiry_minutes',
} as const satisfies Record<string, TConfigGroup>;

const UNIT_NAME: Record<TUnitKind, string> = { emeterai: 'e-Meterai', esign: 'e-Sign' };

/** Who sees an invoice: company admins their company's, everyone else their own. */
export const invoiceScopeOf = (auth: TAuth): repo.TInvoiceScope =>
  isCompanyAdmin(auth) && auth.companyId !== null
    ? { companyId: auth.companyId }
    : { userId: auth.userId };

/** How the buyer pays: method, optional gateway channel (DANA), optional promo code. */
type TPayWith = { method: TPaymentMethod; channel?: TPaymentChannel; token?: string };
type TLine = {
  kind: 'emeterai' | 'esign' | 'plan';
  description: string;
  quantity: number;
  unitPrice: number;
};

const jakartaDay = (d: Date) => new Date(d.getTime() + 7 * 3_600_000).toISOString().slice(0, 10);

export const createBillingService = (deps: {
  db: TDb;
  gateway: TPaymentGateway;
  seller: TSeller;
  publicUrl: string;
  onInvoiceClosed?: (event: TInvoiceClosed) => Promise<void>;
}) => {
  const { db, gateway, seller } = deps;
  const promos = createPromoService(db);
  const settlement = createSettlement({
    db,
    ...(deps.onInvoiceClosed ? { onClosed: deps.onInvoiceClosed } : {}),
  });

  const pricing = async () => {
    const values = await repo.config(db, Object.values(PRICING_KEYS));
    // Read by the rules of the contracts' CONFIG_VALUE_RULES: a value stored before them that
    // breaks them (0, negative, text, too large) reads as not set, never as a price.
    const read = (group: TConfigGroup) => readConfigValue(group, values.get(group));
    const emeterai = read(PRICING_KEYS.emeterai);
    const esign = read(PRICING_KEYS.esign);
    const expiry = read(PRICING_KEYS.expiry);
    const tax = read(PRICING_KEYS.tax);
    if (emeterai === null || esign === null || expiry === null || tax === null) {
      throw new AppError('SERVICE_UNAVAILABLE', 'Prices are not configured yet');
    }
    return {
      emeterai_price: emeterai,
      esign_price: esign,
      tax_rate_bp: tax,
      expiry_minutes: expiry,
      gateway: gateway.name,
      bank_account: seller.bankAccount,
    };
  };

  /** A pending invoice past its due time reads as expired even before the sweep marks it. */
  const statusOf = (row: repo.TInvoiceRow, now = new Date()): repo.TInvoiceRow['status'] =>
    row.status === 'pending' && row.dueAt.getTime() <= now.getTime() ? 'expired' : row.status;

  const toWire = async (row: repo.TInvoiceRow): Promise<TInvoice> => {
    const [items, buyer, proof] = await Promise.all([
      repo.items(db, row.id),
      repo.buyer(db, row.userId),
      repo.latestProof(db, row.id),
    ]);
    return {
      id: row.id,
      number: row.number,
      purpose: row.purpose,
      plan_id: row.planId,
      method: row.method,
      gateway: row.gateway,
      channel: row.channel,
      status: statusOf(row),
      items: items.map((i) => ({
        description: i.description,
        kind: i.kind,
        quantity: i.quantity,
        unit_price: i.unitPrice,
        amount: i.amount,
      })),
      subtotal: row.subtotal,
      promo_code: row.promoCode,
      discount: row.discount,
      tax_rate_bp: row.taxRateBp,
      tax: row.tax,
      total: row.total,
      due_at: row.dueAt.toISOString(),
      paid_at: row.paidAt?.toISOString() ?? null,
      created_at: row.createdAt.toISOString(),
      buyer: {
        name: buyer?.name ?? null,
        email: buyer?.email ?? null,
        company: row.payerType === 'user' ? null : (buyer?.company ?? null),
        npwp: row.payerType === 'user' ? null : (buyer?.npwp ?? null),
      },
      seller: { name: seller.name, npwp: seller.npwp, address: seller.address },
      bank_account: seller.bankAccount,
      proof_status: proof?.status ?? null,
    };
  };

  const open = async (
    auth: TAuth,
    purpose: 'quota' | 'plan',
    pay: TPayWith,
    lines: TLine[],
    planId: number | null,
  ) => {
    const price = await pricing();
    // A clear 4xx for an unknown, inactive, expired or used-up code before anything is written;
    // the use itself is taken in the invoice's transaction (claimPromo), never past the limit.
    if (pay.token) await promos.usable(pay.token);
    const payer = accountOf(auth);
    const now = new Date();
    const row = await repo.createInvoice(
      db,
      (promo) => {
        if (pay.token && !promo) {
          throw new AppError('CONFLICT', 'This promo code has been used up', {
            reason: 'used_up',
          });
        }
        const totals = computeTotals(lines, price.tax_rate_bp, promo ? discountOf(promo) : null);
        // Invoice amounts are 32-bit integer columns: a larger order is the buyer's 400, not a 500.
        if (totals.total > PG_INT_MAX) {
          throw new AppError(
            'VALIDATION_FAILED',
            'The invoice total is too large; buy fewer units',
            {
              [purpose === 'plan' ? 'plan_id' : 'quantity']: 'total too large',
            },
          );
        }
        return {
          values: {
            purpose,
            companyId: auth.companyId,
            userId: auth.userId,
            payerType: payer.ownerType === 'system' ? 'user' : payer.ownerType,
            payerId: payer.ownerId,
            planId,
            method: pay.method,
            gateway: pay.method === 'gateway' ? gateway.name : null,
            channel: pay.method === 'gateway' ? (pay.channel ?? null) : null,
            subtotal: totals.subtotal,
            promoCode: promo?.code ?? null,
            discount: totals.discount,
            taxRateBp: price.tax_rate_bp,
            tax: totals.tax,
            total: totals.total,
            dueAt: new Date(now.getTime() + price.expiry_minutes * 60_000),
          },
          items: lines.map((l) => ({
            kind: l.kind,
            description: l.description,
            quantity: l.quantity,
            unitPrice: l.unitPrice,
            amount: l.quantity * l.unitPrice,
          })),
        };
      },
      (id) => `INV-${jakartaDay(now).replaceAll('-', '')}-${String(id).padStart(6, '0')}`,
      pay.token,
    );
    return toWire(row);
  };

  const quotaLine = async (type: TUnitKind, quantity: number): Promise<TLine> => {
    const price = await pricing();
    const unitPrice = type === 'emeterai' ? price.emeterai_price : price.esign_price;
    return { kind: type, description: `Kuota ${UNIT_NAME[type]}`, quantity, unitPrice };
  };

  const planLine = async (planId: number): Promise<TLine> => {
    const plan = await repo.plan(db, planId);
    if (plan?.status !== 'active') throw AppError.notFound('Plan');
    return {
      kind: 'plan',
      description: `Paket ${plan.name}`,
      quantity: 1,
      unitPrice: plan.priceIdr,
    };
  };

  const visible = async (auth: TAuth, id: number) =>
    foundOr404(await repo.invoice(db, id, invoiceScopeOf(auth)), 'Invoice');

  /** Refuses paying an invoice that is no longer pending (paid, failed, or past due). */
  const requirePayable = (row: repo.TInvoiceRow) => {
    const status = statusOf(row);
    if (status === 'expired')
      throw new AppError('CONFLICT', 'This invoice has expired', { status: 'expired' });
    if (status !== 'pending')
      throw new AppError('CONFLICT', 'This invoice is no longer awaiting payment', { status });
  };

  return {
    db,
    settlement,
    pricing,
    toWire,
    visible,
    requirePayable,
    statusOf,

    promos,

    buyQuota: async (auth: TAuth, body: TPayWith & { type: TUnitKind; quantity: number }) =>
      open(auth, 'quota', body, [await quotaLine(body.type, body.quantity)], null),

    /** Company admins buy for their company, personal accounts for themselves. */
    buyPlan: async (auth: TAuth, body: TPayWith & { plan_id: number }) => {
      if (auth.companyId !== null && !isCompanyAdmin(auth)) {
        throw AppError.forbidden('Only company admins can do this');
      }
      return open(auth, 'plan', body, [await planLine(body.plan_id)], body.plan_id);
    },

    /** `apply-token`: the discount a code gives now; nothing is counted until the invoice. */
    applyToken: async (
      body: { token: string } & { plan_id?: number; type?: TUnitKind; quantity?: number },
    ) => {
      const promo = await promos.usable(body.token);
      const line =
        body.plan_id !== undefined
          ? await planLine(body.plan_id)
          : await quotaLine(body.type ?? 'emeterai', body.quantity ?? 1);
      const price = await pricing();
      const totals = computeTotals([line], price.tax_rate_bp, discountOf(promo));
      return { code: promo.code, kind: promo.kind, value: promo.value, ...totals };
    },

    invoice: async (auth: TAuth, id: number) => toWire(await visible(auth, id)),

    /** Starts a gateway payment: where the browser goes next (the gateway's page). */
    pay: async (auth: TAuth, id: number) => {
      const row = await visible(auth, id);
      requirePayable(row);
      const wire = await toWire(row);
      const minutesLeft = Math.max(1, Math.floor((row.dueAt.getTime() - Date.now()) / 60_000));
      const started = await gateway.createPayment({
        invoiceId: row.id,
        orderId: row.number,
        grossAmount: row.total,
        items: [
          ...wire.items.map((i, n) => ({
            id: `item-${n + 1}`,
            name: i.description.slice(0, 50),
            price: i.unit_price,
            quantity: i.quantity,
          })),
          ...(row.discount > 0
            ? [
                {
                  id: 'discount',
                  name: `Diskon ${row.promoCode ?? ''}`.trim(),
                  price: -row.discount,
                  quantity: 1,
                },
              ]
            : []),
          ...(row.tax > 0 ? [{ id: 'ppn', name: 'PPN', price: row.tax, quantity: 1 }] : []),
        ],
        channel: row.channel,
        customer: { name: wire.buyer.name, email: wire.buyer.email },
        finishUrl: `${deps.publicUrl}/payment/success?invoice=${row.id}`,
        expiryMinutes: minutesLeft,
      });
      await repo.setGatewayToken(db, row.id, gateway.name, started.token, started.redirectUrl);
      return { redirect_url: started.redirectUrl };
    },

    purchases: async (
      auth: TAuth,
      userId: number,
      q: {
        page: number;
        perPage: number;
        sort: string;
        status?: repo.TInvoiceRow['status'];
        from?: string;
        to?: string;
      },
    ) => {
      if (userId !== auth.userId) throw AppError.notFound('User');
      const { rows, total } = await repo.purchases(db, invoiceScopeOf(auth), {
        ...q,
        newestFirst: q.sort.toUpperCase() === 'DESC',
      });
      const data: TPurchase[] = rows.map((r) => ({
        id: r.invoice.id,
        invoiceNumber: r.invoice.number,
        puchaseBy: r.by,
        date: r.invoice.createdAt.toISOString(),
        qty: r.qty,
        amount: r.invoice.total,
        status: PURCHASE_STATUS_LABEL[statusOf(r.invoice)] as TPurchase['status'],
        purpose: r.invoice.purpose,
      }));
      return { data, meta: { page: q.page, perPage: q.perPage, total } };
    },

    transactions: async (
      auth: TAuth,
      q: { page: number; perPage: number; type?: string; from?: string; to?: string },
    ) => {
      const payer = accountOf(auth);
      if (payer.ownerType === 'system') throw AppError.forbidden();
      const { rows, total, ids } = await repo.transactions(
        db,
        { ownerType: payer.ownerType, ownerId: payer.ownerId },
        q,
      );
      const data: TTransaction[] = rows.map(({ m, by, invoiceNumber }) => ({
        id: m.id,
        type: m.reason,
        kind: m.kind,
        quantity: ids.includes(m.toAccountId) ? m.quantity : -m.quantity,
        reference: invoiceNumber ?? m.note ?? null,
        by,
        date: m.createdAt.toISOString(),
      }));
      return { data, meta: { page: q.page, perPage: q.perPage, total } };
    },
  };
};

export type TBillingService = ReturnType<typeof createBillingService>;
