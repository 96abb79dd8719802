import { formatIDR, type TInvoiceStatus } from '@bubuh/contracts';

/** Spec §9: rupiah without decimals, id-ID grouping. */
export const idr = (amount: number) => formatIDR(amount);

/** "11 %" from basis points. */
export const taxRateLabel = (bp: number) => `${(bp / 100).toLocaleString('id-ID')}%`;

export const STATUS_COLOR: Record<TInvoiceStatus, string> = {
  pending: 'yellow',
  paid: 'green',
  expired: 'gray',
  failed: 'red',
};
