import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { at, atNow, ref, serialId, timestamps } from './columns';

import { companies, users } from './org';
import { plans } from './plans';

/**
 * An order of quota units or of a plan: its number, totals (integer rupiah), due time and payment.
 * `payer_*` is the quota account its units are credited to (company, department or user).
 */
export const invoices = pgTable(
  'invoices',
  {
    id: serialId(),
    /** INV-YYYYMMDD-000042; also the gateway's order id. */
    number: varchar('number', { length: 40 }).notNull(),
    purpose: varchar('purpose', { length: 10, enum: ['quota', 'plan'] }).notNull(),
    companyId: ref('company_id', () => companies.id, 'restrict'),
    userId: ref('user_id', () => users.id, 'restrict').notNull(),
    payerType: varchar('payer_type', {
      length: 12,
      enum: ['company', 'departement', 'user'],
    }).notNull(),
    payerId: integer('payer_id').notNull(),
    planId: ref('plan_id', () => plans.id, 'restrict'),
    method: varchar('method', { length: 20, enum: ['gateway', 'bank_transfer'] }).notNull(),
    gateway: varchar('gateway', { length: 20, enum: ['sandbox', 'midtrans'] }),
    /** A payment channel asked of the gateway (DANA), null for the gateway's own choice. */
    channel: varchar('channel', { length: 20, enum: ['dana'] }),
    subtotal: integer('subtotal').notNull(),
    /** The promo code applied when the invoice was created, and its discount (rupiah). */
    promoCode: varchar('promo_code', { length: 40 }),
    discount: integer('discount').notNull().default(0),
    taxRateBp: integer('tax_rate_bp').notNull(),
    tax: integer('tax').notNull(),
    total: integer('total').notNull(),
    status: varchar('status', { length: 12, enum: ['pending', 'paid', 'expired', 'failed'] })
      .notNull()
      .default('pending'),
    dueAt: at('due_at').notNull(),
    paidAt: at('paid_at'),
    /** How it was paid: sandbox, midtrans or bank_transfer (the proof id in paidRef). */
    paidVia: varchar('paid_via', { length: 20 }),
    paidRef: varchar('paid_ref', { length: 100 }),
    gatewayToken: varchar('gateway_token', { length: 200 }),
    redirectUrl: text('redirect_url'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('invoices_number_uq').on(t.number),
    index('invoices_company_idx').on(t.companyId, t.createdAt),
    index('invoices_user_idx').on(t.userId, t.createdAt),
    index('invoices_pending_due_idx').on(t.status, t.dueAt),
    check(
      'invoices_total_ck',
      sql`${t.total} = ${t.subtotal} - ${t.discount} + ${t.tax} and ${t.subtotal} >= 0 and ${t.discount} between 0 and ${t.subtotal}`,
    ),
  ],
);

export const invoiceItems = pgTable(
  'invoice_items',
  {
    id: serialId(),
    invoiceId: ref('invoice_id', () => invoices.id, 'cascade').notNull(),
    kind: varchar('kind', { length: 10, enum: ['emeterai', 'esign', 'psre', 'plan'] }).notNull(),
    description: varchar('description', { length: 200 }).notNull(),
    quantity: integer('quantity').notNull(),
    unitPrice: integer('unit_price').notNull(),
    amount: integer('amount').notNull(),
  },
  (t) => [index('invoice_items_invoice_idx').on(t.invoiceId)],
);

/** Every gateway notification as received (raw payload), verified or not, and what it did. */
export const paymentNotifications = pgTable(
  'payment_notifications',
  {
    id: serialId(),
    gateway: varchar('gateway', { length: 20 }).notNull(),
    orderId: varchar('order_id', { length: 64 }).notNull(),
    transactionStatus: varchar('transaction_status', { length: 40 }),
    verified: varchar('verified', { length: 10, enum: ['yes', 'no'] }).notNull(),
    payload: jsonb('payload').notNull(),
    outcome: varchar('outcome', { length: 40 }),
    receivedAt: atNow('received_at'),
  },
  (t) => [index('payment_notifications_order_idx').on(t.orderId, t.receivedAt)],
);

/** A customer's proof of a bank transfer, reviewed by super. */
export const paymentProofs = pgTable(
  'payment_proofs',
  {
    id: serialId(),
    invoiceId: ref('invoice_id', () => invoices.id, 'cascade').notNull(),
    fileKey: varchar('file_key', { length: 200 }).notNull(),
    contentType: varchar('content_type', { length: 60 }).notNull(),
    status: varchar('status', { length: 12, enum: ['submitted', 'confirmed', 'rejected'] })
      .notNull()
      .default('submitted'),
    uploadedBy: ref('uploaded_by', () => users.id, 'set null'),
    reviewedBy: ref('reviewed_by', () => users.id, 'set null'),
    reviewedAt: at('reviewed_at'),
    note: text('note'),
    ...timestamps,
  },
  (t) => [index('payment_proofs_status_idx').on(t.status, t.createdAt)],
);
