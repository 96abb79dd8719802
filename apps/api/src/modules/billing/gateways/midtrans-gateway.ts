import { createHash, timingSafeEqual } from 'node:crypto';
import { AppError } from '../../../lib/app-error.ts';
import type { TGatewayState, TPaymentGateway, TVerifiedNotification } from './payment-gateway.ts';
import { wholeRupiah } from './payment-gateway.ts';

export type TMidtransOptions = {
  serverKey: string;
  isProduction: boolean;
  snapUrl?: string | undefined;
  apiUrl?: string | undefined;
};

/** docs.midtrans.com "Transaction status": settlement, or capture accepted by the fraud check. */
export const midtransState = (status: string, fraud?: string): TGatewayState | null => {
  if (status === 'settlement') return 'paid';
  if (status === 'capture') return fraud === 'challenge' ? 'pending' : 'paid';
  if (status === 'pending' || status === 'authorize') return 'pending';
  if (status === 'deny' || status === 'cancel' || status === 'failure') return 'failed';
  if (status === 'expire') return 'expired';
  if (status === 'refund' || status === 'partial_refund' || status === 'chargeback')
    return 'refunded';
  return null;
};

/** "YYYY-MM-DD HH:mm:ss +0700" (the Snap expiry start time, Jakarta time). */
const jakartaTime = (date: Date): string => {
  const wib = new Date(date.getTime() + 7 * 3_600_000).toISOString();
  return `${wib.slice(0, 10)} ${wib.slice(11, 19)} +0700`;
};

/**
 * Midtrans Snap: create a transaction (POST /snap/v1/transactions, Basic auth with the server
 * key), verify notifications (signature_key = SHA512(order_id + status_code + gross_amount +
 * server key), compared in constant time) and ask the status back (GET /v2/{order_id}/status).
 */
export const createMidtransGateway = (options: TMidtransOptions): TPaymentGateway => {
  const snapUrl =
    options.snapUrl ??
    (options.isProduction ? 'https://app.midtrans.com' : 'https://app.sandbox.midtrans.com');
  const apiUrl =
    options.apiUrl ??
    (options.isProduction ? 'https://api.midtrans.com' : 'https://api.sandbox.midtrans.com');
  const headers = {
    accept: 'application/json',
    'content-type': 'application/json',
    authorization: `Basic ${Buffer.from(`${options.serverKey}:`).toString('base64')}`,
  };
  const unreachable = () =>
    new AppError('SERVICE_UNAVAILABLE', 'The payment gateway cannot be reached');

  const read = (body: Record<string, unknown>): TVerifiedNotification | null => {
    const state = midtransState(
      String(body.transaction_status ?? ''),
      body.fraud_status === undefined ? undefined : String(body.fraud_status),
    );
    if (!state) return null;
    return {
      orderId: String(body.order_id ?? ''),
      state,
      grossAmount: wholeRupiah(body.gross_amount),
      transactionId: body.transaction_id ? String(body.transaction_id) : null,
    };
  };

  return {
    name: 'midtrans',
    createPayment: async (order) => {
      const response = await fetch(`${snapUrl}/snap/v1/transactions`, {
        method: 'POST',
        headers,
        body: JSON.stringify({
          transaction_details: { order_id: order.orderId, gross_amount: order.grossAmount },
          item_details: order.items,
          customer_details: {
            first_name: order.customer.name ?? undefined,
            email: order.customer.email ?? undefined,
          },
          callbacks: { finish: order.finishUrl },
          // Snap's channel selection: only the chosen channel is offered on its payment page.
          ...(order.channel ? { enabled_payments: [order.channel] } : {}),
          expiry: {
            start_time: jakartaTime(new Date()),
            unit: 'minute',
            duration: order.expiryMinutes,
          },
        }),
      }).catch(() => {
        throw unreachable();
      });
      const body = (await response.json().catch(() => ({}))) as Record<string, unknown>;
      if (!response.ok || typeof body.token !== 'string' || typeof body.redirect_url !== 'string') {
        throw unreachable();
      }
      return { token: body.token, redirectUrl: body.redirect_url };
    },
    verifyNotification: (payload) => {
      const expected = createHash('sha512')
        .update(
          `${String(payload.order_id ?? '')}${String(payload.status_code ?? '')}${String(payload.gross_amount ?? '')}${options.serverKey}`,
        )
        .digest('hex');
      const given = Buffer.from(String(payload.signature_key ?? '').toLowerCase(), 'utf8');
      const want = Buffer.from(expected, 'utf8');
      if (given.length !== want.length || !timingSafeEqual(given, want)) return null;
      return read(payload);
    },
    queryStatus: async (orderId) => {
      // A plain Error (not an AppError): the notification job fails this attempt and retries.
      const response = await fetch(`${apiUrl}/v2/${encodeURIComponent(orderId)}/status`, {
        headers,
      });
      if (!response.ok) throw new Error(`Midtrans status query answered HTTP ${response.status}`);
      const body = (await response.json().catch(() => ({}))) as Record<string, unknown>;
      return read(body);
    },
  };
};
