import { formatDateTime, formatIDR, type TInvoice } from '@bubuh/contracts';
import { renderDocumentSheet } from '@bubuh/pdf';

const JAKARTA = 'Asia/Jakarta';

/**
 * The invoice as an A4 PDF made on the server; once paid it is the receipt ("KUITANSI") and
 * carries the buyer company's NPWP and the seller's details.
 */
export const invoicePdf = (invoice: TInvoice): Promise<Uint8Array> => {
  const paid = invoice.status === 'paid';
  const rate = `${(invoice.tax_rate_bp / 100).toLocaleString('id-ID')}%`;
  return renderDocumentSheet({
    title: paid ? 'KUITANSI / RECEIPT' : 'INVOICE',
    badge: invoice.status.toUpperCase(),
    meta: [
      ['Nomor / Number', invoice.number],
      ['Tanggal / Date', formatDateTime(invoice.created_at, JAKARTA)],
      paid && invoice.paid_at
        ? ['Dibayar / Paid', formatDateTime(invoice.paid_at, JAKARTA)]
        : ['Jatuh tempo / Due', formatDateTime(invoice.due_at, JAKARTA)],
    ],
    from: {
      heading: 'Penjual / Seller',
      lines: [invoice.seller.name, `NPWP ${invoice.seller.npwp}`, invoice.seller.address],
    },
    to: {
      heading: 'Pembeli / Buyer',
      lines: [
        invoice.buyer.company ?? invoice.buyer.name ?? '-',
        ...(invoice.buyer.company && invoice.buyer.name ? [invoice.buyer.name] : []),
        ...(invoice.buyer.npwp ? [`NPWP ${invoice.buyer.npwp}`] : []),
        ...(invoice.buyer.email ? [invoice.buyer.email] : []),
      ],
    },
    columns: ['Item', 'Qty', 'Harga / Price', 'Jumlah / Amount'],
    rows: invoice.items.map((i) => [
      i.description,
      String(i.quantity),
      formatIDR(i.unit_price),
      formatIDR(i.amount),
    ]),
    totals: [
      ['Subtotal', formatIDR(invoice.subtotal)],
      ...(invoice.discount > 0
        ? [
            [
              `Diskon / Discount ${invoice.promo_code ?? ''}`.trim(),
              `-${formatIDR(invoice.discount)}`,
            ] as [string, string],
          ]
        : []),
      [`PPN ${rate}`, formatIDR(invoice.tax)],
      ['Total', formatIDR(invoice.total)],
    ],
    footer: paid
      ? ['Pembayaran telah diterima. Payment received, thank you.']
      : [`Transfer bank / Bank transfer: ${invoice.bank_account}`, `Order ID: ${invoice.number}`],
  });
};
