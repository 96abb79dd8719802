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

/** Saves a blob under `fileName` through a temporary object URL. */
export const saveBlob = (blob: Blob, fileName: string) => {
  const url = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = fileName;
  anchor.rel = 'noopener';
  anchor.style.display = 'none';
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
};
