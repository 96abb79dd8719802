import { and, asc, desc, eq, gte, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import { alias, type PgColumn } from 'drizzle-orm/pg-core';
import type { TDb, TTx } from '../../db/client.ts';
import { countWhere, firstOf, insertOne, latestWhere, pageOf } from '../../db/query.ts';
import {
  companies,
  invoiceItems,
  invoices,
  masterStatus,
  paymentNotifications,
  paymentProofs,
  plans,
  quotaAccounts,
  quotaMovements,
  subscriptions,
  users,
} from '../../db/schema.ts';
import { claimPromo, type TPromoRow } from './promo.repository.ts';

export type TInvoiceRow = typeof invoices.$inferSelect;
export type TInvoiceItemRow = typeof invoiceItems.$inferSelect;
export type TProofRow = typeof paymentProofs.$inferSelect;
type TDbOrTx = TDb | TTx;

/** Whose invoices a caller sees: their company's (company admins) or their own. */
export type TInvoiceScope = { companyId: number } | { userId: number };
const scoped = (scope: TInvoiceScope): SQL =>
  'companyId' in scope
    ? eq(invoices.companyId, scope.companyId)
    : eq(invoices.userId, scope.userId);

const dayRange = (column: PgColumn, from?: string, to?: string): SQL[] => [
  ...(from ? [gte(column, new Date(`${from}T00:00:00+07:00`))] : []),
  ...(to ? [lt(column, new Date(new Date(`${to}T00:00:00+07:00`).getTime() + 86_400_000))] : []),
];

/** Configuration values (master_status) by group. */
export const config = async (db: TDbOrTx, groups: string[]) => {
  const rows = await db
    .select({ group: masterStatus.statusGroup, value: masterStatus.statusName })
    .from(masterStatus)
    .where(inArray(masterStatus.statusGroup, groups));
  return new Map(rows.map((r) => [r.group, r.value]));
};

export const plan = (db: TDbOrTx, id: number) =>
  firstOf(db.select().from(plans).where(eq(plans.id, id)));

export const buyer = (db: TDbOrTx, userId: number) =>
  firstOf(
    db
      .select({
        name: users.fullName,
        email: users.email,
        company: companies.name,
        npwp: companies.npwp,
      })
      .from(users)
      .leftJoin(companies, eq(companies.id, users.companyId))
      .where(eq(users.id, userId)),
  );

/**
 * Inserts the invoice and its items; the number is made from the id in the same transaction.
 * With a promo code, one use is taken first in that transaction and `build` prices with it
 * (`build` gets undefined when the code can no longer be used, and throws).
 */
export const createInvoice = (
  db: TDb,
  build: (promo: TPromoRow | undefined) => {
    values: Omit<typeof invoices.$inferInsert, 'number'>;
    items: Omit<typeof invoiceItems.$inferInsert, 'invoiceId'>[];
  },
  numberOf: (id: number) => string,
  promoCode?: string,
) =>
  db.transaction(async (tx) => {
    const promo = promoCode ? await claimPromo(tx, promoCode, new Date()) : undefined;
    const { values, items } = build(promo);
    const [draft] = await tx
      .insert(invoices)
      .values({ ...values, number: `TMP-${crypto.randomUUID()}` })
      .returning({ id: invoices.id });
    if (!draft) throw new Error('invoice not inserted');
    const [row] = await tx
      .update(invoices)
      .set({ number: numberOf(draft.id) })
      .where(eq(invoices.id, draft.id))
      .returning();
    if (!row) throw new Error('invoice not numbered');
    await tx.insert(invoiceItems).values(items.map((i) => ({ ...i, invoiceId: row.id })));
    return row;
  });

export const invoice = (db: TDbOrTx, id: number, scope?: TInvoiceScope) =>
  firstOf(
    db
      .select()
      .from(invoices)
      .where(scope ? and(eq(invoices.id, id), scoped(scope)) : eq(invoices.id, id)),
  );

export const invoiceByNumber = (db: TDbOrTx, number: string) =>
  firstOf(db.select().from(invoices).where(eq(invoices.number, number)));

export const items = (db: TDbOrTx, invoiceId: number) =>
  db
    .select()
    .from(invoiceItems)
    .where(eq(invoiceItems.invoiceId, invoiceId))
    .orderBy(asc(invoiceItems.id));

export const latestProof = (db: TDbOrTx, invoiceId: number) =>
  latestWhere(db, paymentProofs, eq(paymentProofs.invoiceId, invoiceId), [desc(paymentProofs.id)]);

export const setGatewayToken = (
  db: TDbOrTx,
  id: number,
  gateway: 'sandbox' | 'midtrans',
  token: string,
  url: string,
) =>
  db
    .update(invoices)
    .set({ gateway, gatewayToken: token, redirectUrl: url, updatedAt: new Date() })
    .where(and(eq(invoices.id, id), eq(invoices.status, 'pending')));

/** Locks the invoice row for the rest of the transaction (settlement, failure, expiry). */
export const lockInvoice = (tx: TTx, id: number) =>
  firstOf(tx.select().from(invoices).where(eq(invoices.id, id)).for('update'));

export const markPaid = (tx: TTx, id: number, via: string, ref: string | null) =>
  tx
    .update(invoices)
    .set({
      status: 'paid',
      paidAt: new Date(),
      paidVia: via,
      paidRef: ref,
      updatedAt: new Date(),
    })
    .where(eq(invoices.id, id));

/** pending → failed or expired; a paid invoice never changes. */
export const markClosed = (db: TDbOrTx, id: number, status: 'failed' | 'expired') =>
  db
    .update(invoices)
    .set({ status, updatedAt: new Date() })
    .where(and(eq(invoices.id, id), eq(invoices.status, 'pending')))
    .returning({ id: invoices.id });

export const expireOverdue = (db: TDbOrTx, now: Date) =>
  db
    .update(invoices)
    .set({ status: 'expired', updatedAt: now })
    .where(and(eq(invoices.status, 'pending'), lt(invoices.dueAt, now)))
    .returning({ id: invoices.id });

/** The plan replaces the owner's active subscriptions. */
export const switchSubscription = async (
  tx: TTx,
  owner: { companyId: number | null; userId: number | null },
  planId: number,
  days: number,
) => {
  const mine =
    owner.companyId !== null
      ? eq(subscriptions.companyId, owner.companyId)
      : eq(subscriptions.userId, owner.userId ?? -1);
  await tx
    .update(subscriptions)
    .set({ status: 'cancelled', updatedAt: new Date() })
    .where(and(mine, eq(subscriptions.status, 'active')));
  await tx.insert(subscriptions).values({
    planId,
    companyId: owner.companyId,
    userId: owner.companyId !== null ? null : owner.userId,
    expiresAt: new Date(Date.now() + days * 86_400_000),
  });
};

export const saveNotification = (db: TDbOrTx, values: typeof paymentNotifications.$inferInsert) =>
  insertOne(db, paymentNotifications, values);
export const notification = (db: TDbOrTx, id: number) =>
  firstOf(db.select().from(paymentNotifications).where(eq(paymentNotifications.id, id)));
export const setNotificationOutcome = (db: TDbOrTx, id: number, outcome: string) =>
  db.update(paymentNotifications).set({ outcome }).where(eq(paymentNotifications.id, id));

export const purchases = async (
  db: TDbOrTx,
  scope: TInvoiceScope,
  q: {
    page: number;
    perPage: number;
    newestFirst: boolean;
    status?: string;
    from?: string;
    to?: string;
  },
) => {
  const where = and(
    scoped(scope),
    ...(q.status ? [eq(invoices.status, q.status as TInvoiceRow['status'])] : []),
    ...dayRange(invoices.createdAt, q.from, q.to),
  );
  const order = q.newestFirst
    ? [desc(invoices.createdAt), desc(invoices.id)]
    : [asc(invoices.createdAt), asc(invoices.id)];
  return pageOf(
    db
      .select({
        invoice: invoices,
        by: users.fullName,
        qty: sql<number>`coalesce((select sum(${invoiceItems.quantity}) from ${invoiceItems} where ${invoiceItems.invoiceId} = ${invoices.id}), 0)::int`,
      })
      .from(invoices)
      .leftJoin(users, eq(users.id, invoices.userId))
      .where(where)
      .orderBy(...order)
      .$dynamic(),
    q,
    countWhere(db, invoices, where),
  );
};

/** Ledger movements in or out of one owner's accounts, newest first. */
export const transactions = async (
  db: TDbOrTx,
  owner: { ownerType: 'company' | 'departement' | 'user'; ownerId: number },
  q: { page: number; perPage: number; type?: string; from?: string; to?: string },
) => {
  const accounts = await db
    .select({ id: quotaAccounts.id })
    .from(quotaAccounts)
    .where(
      and(eq(quotaAccounts.ownerType, owner.ownerType), eq(quotaAccounts.ownerId, owner.ownerId)),
    );
  const ids = accounts.map((a) => a.id);
  if (ids.length === 0) return { rows: [], total: 0, ids };
  const refInvoice = alias(invoices, 'ref_invoice');
  const where = and(
    or(inArray(quotaMovements.fromAccountId, ids), inArray(quotaMovements.toAccountId, ids)),
    ...(q.type ? [eq(quotaMovements.reason, q.type as 'purchase')] : []),
    ...dayRange(quotaMovements.createdAt, q.from, q.to),
  );
  const { rows, total } = await pageOf(
    db
      .select({
        m: quotaMovements,
        by: users.fullName,
        invoiceNumber: refInvoice.number,
      })
      .from(quotaMovements)
      .leftJoin(users, eq(users.id, quotaMovements.actorUserId))
      .leftJoin(
        refInvoice,
        and(
          eq(quotaMovements.refType, 'invoice'),
          eq(sql`${refInvoice.id}::text`, quotaMovements.refId),
        ),
      )
      .where(where)
      .orderBy(desc(quotaMovements.createdAt), desc(quotaMovements.id))
      .$dynamic(),
    q,
    countWhere(db, quotaMovements, where),
  );
  return { rows, total, ids };
};

export const insertProof = (db: TDbOrTx, values: typeof paymentProofs.$inferInsert) =>
  insertOne(db, paymentProofs, values);
export const proof = (db: TDbOrTx, id: number) =>
  firstOf(db.select().from(paymentProofs).where(eq(paymentProofs.id, id)));
/** submitted → confirmed / rejected, only once. */
export const reviewProof = (
  db: TDbOrTx,
  id: number,
  status: 'confirmed' | 'rejected',
  by: number,
  note: string | null,
) =>
  firstOf(
    db
      .update(paymentProofs)
      .set({ status, reviewedBy: by, reviewedAt: new Date(), note, updatedAt: new Date() })
      .where(and(eq(paymentProofs.id, id), eq(paymentProofs.status, 'submitted')))
      .returning(),
  );
export const proofs = async (
  db: TDbOrTx,
  q: { page: number; perPage: number; status?: TProofRow['status'] },
) => {
  const where = q.status ? eq(paymentProofs.status, q.status) : undefined;
  return pageOf(
    db
      .select({
        proof: paymentProofs,
        invoice: invoices,
        company: companies.name,
        by: users.fullName,
      })
      .from(paymentProofs)
      .innerJoin(invoices, eq(invoices.id, paymentProofs.invoiceId))
      .leftJoin(companies, eq(companies.id, invoices.companyId))
      .leftJoin(users, eq(users.id, paymentProofs.uploadedBy))
      .where(where)
      .orderBy(desc(paymentProofs.createdAt), desc(paymentProofs.id))
      .$dynamic(),
    q,
    countWhere(db, paymentProofs, where),
  );
};
