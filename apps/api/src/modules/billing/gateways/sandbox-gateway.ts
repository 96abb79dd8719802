import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import type { TGatewayState, TPaymentGateway } from './payment-gateway.ts';
import { wholeRupiah } from './payment-gateway.ts';

export type TSandboxOutcome = 'success' | 'failure' | 'pending';

const STATUS: Record<TSandboxOutcome, { transaction_status: string; status_code: string }> = {
  success: { transaction_status: 'settlement', status_code: '200' },
  failure: { transaction_status: 'deny', status_code: '202' },
  pending: { transaction_status: 'pending', status_code: '201' },
};
const STATE: Record<string, TGatewayState> = {
  settlement: 'paid',
  deny: 'failed',
  pending: 'pending',
};

/**
 * The embedded sandbox gateway: its pay page is part of the app (/payment/sandbox/:id), where the
 * tester picks the outcome. The outcome travels as a notification shaped like Midtrans' and signed
 * with the server's own key (HMAC-SHA512), and goes through the same verified path as a real one.
 */
export const createSandboxGateway = (
  key: string,
): TPaymentGateway & {
  notificationFor: (
    orderId: string,
    grossAmount: number,
    outcome: TSandboxOutcome,
  ) => Record<string, string>;
} => {
  const sign = (orderId: string, statusCode: string, gross: string) =>
    createHmac('sha512', key).update(`${orderId}${statusCode}${gross}`).digest('hex');
  return {
    name: 'sandbox',
    createPayment: async (order) => ({
      token: randomUUID(),
      redirectUrl: `/payment/sandbox/${order.invoiceId}`,
    }),
    notificationFor: (orderId, grossAmount, outcome) => {
      const gross = `${grossAmount}.00`;
      const { transaction_status, status_code } = STATUS[outcome];
      return {
        order_id: orderId,
        status_code,
        gross_amount: gross,
        transaction_status,
        transaction_id: `sandbox-${randomUUID()}`,
        signature_key: sign(orderId, status_code, gross),
      };
    },
    verifyNotification: (payload) => {
      const orderId = String(payload.order_id ?? '');
      const statusCode = String(payload.status_code ?? '');
      const gross = String(payload.gross_amount ?? '');
      const given = Buffer.from(String(payload.signature_key ?? ''), 'utf8');
      const expected = Buffer.from(sign(orderId, statusCode, gross), 'utf8');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      const state = STATE[String(payload.transaction_status)];
      if (!state) return null;
      return {
        orderId,
        state,
        grossAmount: wholeRupiah(gross),
        transactionId: String(payload.transaction_id ?? '') || null,
      };
    },
    queryStatus: async () => null,
  };
};
