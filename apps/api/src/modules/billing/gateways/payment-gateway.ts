/**
 * The payment gateway port. Adapters: the embedded sandbox (default, offline) and Midtrans Snap.
 * Units are credited only from a notification the adapter verified, and for Midtrans only after
 * the status was asked back from the gateway (`queryStatus`).
 */
export type TGatewayName = 'sandbox' | 'midtrans';

/** What the gateway says about an order, in our words. */
export type TGatewayState = 'paid' | 'pending' | 'failed' | 'expired' | 'refunded';

export type TGatewayOrder = {
  invoiceId: number;
  orderId: string;
  grossAmount: number;
  items: { id: string; name: string; price: number; quantity: number }[];
  customer: { name: string | null; email: string | null };
  /** Where the gateway sends the browser afterwards (our /payment/success). */
  finishUrl: string;
  expiryMinutes: number;
  /** A payment channel the buyer chose (DANA); null lets the gateway offer all of its channels. */
  channel: 'dana' | null;
};

export type TVerifiedNotification = {
  orderId: string;
  state: TGatewayState;
  /** Integer rupiah as the gateway stated it; null when not a whole rupiah amount. */
  grossAmount: number | null;
  transactionId: string | null;
};

export type TPaymentGateway = {
  name: TGatewayName;
  createPayment: (order: TGatewayOrder) => Promise<{ token: string; redirectUrl: string }>;
  /** The notification's claims when its signature is right; null for a forged one. */
  verifyNotification: (payload: Record<string, unknown>) => TVerifiedNotification | null;
  /** The order's current status asked from the gateway; null when the notification is the truth. */
  queryStatus: (orderId: string) => Promise<TVerifiedNotification | null>;
};

/** "150000.00" → 150000; anything with non-zero cents or not a number → null. */
export const wholeRupiah = (value: unknown): number | null => {
  const text = typeof value === 'number' ? value.toFixed(2) : String(value ?? '');
  const m = /^(\d{1,12})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!m?.[1] || Number(m[2] ?? '0') !== 0) return null;
  return Number(m[1]);
};
