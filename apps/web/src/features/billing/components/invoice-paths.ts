import { ROUTES, toPath } from '@bubuh/contracts';
import type { TInvoiceView } from '../api/billing';

/** Where an invoice, its print page, receipt and proof upload live (quota or plan). */
export const invoicePaths = (invoice: Pick<TInvoiceView, 'id' | 'purpose'>) => {
  const id = invoice.id;
  const plan = invoice.purpose === 'plan';
  return {
    view: toPath(plan ? ROUTES.planInvoice.path : ROUTES.quotaInvoice.path, { id }),
    print: toPath(plan ? ROUTES.planInvoicePrint.path : ROUTES.quotaInvoicePrint.path, { id }),
    receipt: toPath(ROUTES.quotaPaymentReceipt.path, { id }),
    confirm: toPath(ROUTES.quotaPaymentConfirm.path, { id }),
  };
};
