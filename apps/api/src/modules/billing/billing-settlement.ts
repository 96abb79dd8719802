import type { TDb, TTx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { accountRef, moveAll, SYSTEM_ISSUED, type TMoveInput } from '../quota/index.ts';
import * as repo from './billing.repository.ts';
import type { TGatewayState, TPaymentGateway } from './gateways/payment-gateway.ts';

export type TSettleOutcome = 'credited' | 'already-paid';

/** An invoice that was paid, failed or expired (for the payer's notification). */
export type TInvoiceClosed = {
  invoice: Pick<repo.TInvoiceRow, 'id' | 'userId' | 'planId' | 'number'>;
  outcome: 'paid' | 'failed' | 'expired';
};

/**
 * Paying an invoice, the one place units are credited for money: in one transaction the invoice
 * row is locked and re-read, each unit kind moves from ISSUED to the payer through the ledger
 * (idempotency key per invoice and kind, ref = the invoice), a plan replaces the subscription,
 * and the invoice becomes paid. A second delivery waits for the lock, reads `paid` and changes
 * nothing. A verified payment of an invoice that expired meanwhile is still honoured: the money
 * was taken (the gateway's own expiry matches ours, so this is rare).
 */
export const createSettlement = (deps: {
  db: TDb;
  /** Called after the payment's change has committed; a failure here never undoes it. */
  onClosed?: (event: TInvoiceClosed) => Promise<void>;
}) => {
  const { db } = deps;
  const closed = async (event: TInvoiceClosed) => {
    await deps.onClosed?.(event).catch(() => undefined);
  };

  const settle = async (
    invoiceId: number,
    via: string,
    ref: string | null,
    extraGuard?: (tx: TTx) => Promise<void>,
  ): Promise<TSettleOutcome> => {
    const invoice = await repo.invoice(db, invoiceId);
    if (!invoice) throw AppError.notFound('Invoice');
    if (invoice.status === 'paid') return 'already-paid';
    const items = await repo.items(db, invoiceId);
    const plan = invoice.planId !== null ? await repo.plan(db, invoice.planId) : undefined;
    const units: [TMoveInput['kind'], number][] = plan
      ? [
          ['emeterai', plan.totalEmeterai],
          ['esign', plan.totalEsign],
          ['psre', plan.totalPsre],
        ]
      : items.flatMap((i) =>
          i.kind === 'emeterai' || i.kind === 'esign' || i.kind === 'psre'
            ? [[i.kind, i.quantity] as [TMoveInput['kind'], number]]
            : [],
        );
    const moves = units.map(([kind, quantity]) => ({
      kind,
      quantity,
      from: SYSTEM_ISSUED,
      to: accountRef(invoice.payerType, invoice.payerId, invoice.companyId),
      reason: 'purchase' as const,
      actorUserId: invoice.userId,
      companyId: invoice.companyId,
      ref: { type: 'invoice', id: String(invoice.id) },
      idempotencyKey: `invoice:${invoice.id}:${kind}`,
      note: invoice.number,
    }));
    try {
      let outcome: TSettleOutcome = 'credited';
      await moveAll(db, {
        moves,
        guard: async (tx) => {
          const locked = await repo.lockInvoice(tx, invoiceId);
          if (!locked) throw AppError.notFound('Invoice');
          if (locked.status === 'paid') throw new AlreadyPaid();
          await extraGuard?.(tx);
        },
        within: async (tx) => {
          if (plan) {
            await repo.switchSubscription(
              tx,
              {
                companyId: invoice.payerType === 'company' ? invoice.companyId : null,
                userId: invoice.userId,
              },
              plan.id,
              plan.durationDays,
            );
          }
          await repo.markPaid(tx, invoiceId, via, ref);
        },
      }).catch((error: unknown) => {
        if (error instanceof AlreadyPaid) {
          outcome = 'already-paid';
          return [];
        }
        throw error;
      });
      if (outcome === 'credited') await closed({ invoice, outcome: 'paid' });
      return outcome;
    } catch (error) {
      // The same credit committed by another path: the invoice is paid.
      if (isUniqueViolation(error)) return 'already-paid';
      throw error;
    }
  };

  /**
   * A verified notification's order, applied: its state comes from the gateway's status query
   * (Midtrans) or from the signed notification itself (sandbox); the amount must match.
   */
  const apply = async (
    gateway: TPaymentGateway,
    notification: { orderId: string; state: TGatewayState; grossAmount: number | null },
  ): Promise<string> => {
    const invoice = await repo.invoiceByNumber(db, notification.orderId);
    if (!invoice) return 'unknown-order';
    const truth = (await gateway.queryStatus(notification.orderId)) ?? notification;
    if (truth.grossAmount !== invoice.total) return 'amount-mismatch';
    if (truth.state === 'paid') return settle(invoice.id, gateway.name, truth.orderId);
    if (truth.state === 'failed' || truth.state === 'expired') {
      const rows = await repo.markClosed(db, invoice.id, truth.state);
      if (rows.length === 0) return 'unchanged';
      await closed({ invoice, outcome: truth.state });
      return truth.state;
    }
    return truth.state;
  };

  return { settle, apply };
};

class AlreadyPaid extends Error {
  constructor() {
    super('already paid');
  }
}

export type TSettlement = ReturnType<typeof createSettlement>;
