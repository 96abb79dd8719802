import { BILLING_ENDPOINTS as E } from '@bubuh/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpointRoute } from '../../lib/endpoint-route.ts';
import { receiveUpload } from '../../lib/uploads.ts';
import { requireAuth } from '../../plugins/auth.ts';
import type { TBillingService } from './billing.service.ts';
import { PROOF_MAX_BYTES, type TBillingPayments } from './billing-payments.ts';
import { invoicePdf } from './billing-pdf.ts';

export const billingRoutes: FastifyPluginAsyncZod<{
  billing: TBillingService;
  payments: TBillingPayments;
}> = async (app, { billing, payments }) => {
  endpointRoute(app, E.pricing, async () => ({ message: 'OK', data: await billing.pricing() }));
  endpointRoute(app, E.buyQuota, async ({ auth, body }) => ({
    message: 'Invoice dibuat',
    data: await billing.buyQuota(auth, body),
  }));
  endpointRoute(app, E.buyPlan, async ({ auth, body }) => ({
    message: 'Invoice dibuat',
    data: await billing.buyPlan(auth, body),
  }));
  endpointRoute(app, E.invoice, async ({ auth, params }) => ({
    message: 'OK',
    data: await billing.invoice(auth, params.id),
  }));
  endpointRoute(app, E.pay, async ({ auth, params }) => ({
    message: 'OK',
    data: await billing.pay(auth, params.id),
  }));
  endpointRoute(app, E.invoicePdf, async ({ auth, params, reply }) => {
    const invoice = await billing.invoice(auth, params.id);
    const bytes = await invoicePdf(invoice);
    return reply
      .type('application/pdf')
      .header('content-disposition', `attachment; filename="${invoice.number}.pdf"`)
      .header('cache-control', 'private, no-store')
      .send(Buffer.from(bytes));
  });
  endpointRoute(app, E.uploadProof, async ({ params, request, reply }) => {
    const opts = { field: 'file', maxBytes: PROOF_MAX_BYTES + 1, what: 'image' } as const;
    const data = await receiveUpload(request, reply, opts, async (file) =>
      payments.uploadProof(requireAuth(request), params.id, file.file),
    );
    return { message: 'Bukti pembayaran terkirim', data };
  });
  endpointRoute(app, E.sandboxComplete, async ({ auth, params, body }) => ({
    message: 'OK',
    data: await payments.sandboxComplete(auth, params.id, body.outcome),
  }));
  endpointRoute(app, E.midtransNotification, async ({ body }) => {
    await payments.receive(body);
    return { message: 'OK' };
  });
  endpointRoute(app, E.purchases, async ({ auth, params, query }) => ({
    message: 'OK',
    data: await billing.purchases(auth, params.userId, query),
  }));
  endpointRoute(app, E.transactions, async ({ auth, query }) => ({
    message: 'OK',
    data: await billing.transactions(auth, query),
  }));
  endpointRoute(app, E.proofs, async ({ query }) => ({
    message: 'OK',
    data: await payments.proofs(query),
  }));
  endpointRoute(app, E.proofFile, async ({ params, reply }) => {
    const file = await payments.proofFile(params.id);
    return reply
      .type(file.type)
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, no-store')
      .send(Buffer.from(file.bytes));
  });
  endpointRoute(app, E.confirmProof, async ({ auth, params, body }) => ({
    message: 'Pembayaran dikonfirmasi',
    data: await payments.confirmProof(auth, params.id, body.note ?? null),
  }));
  endpointRoute(app, E.rejectProof, async ({ auth, params, body }) => ({
    message: 'Bukti pembayaran ditolak',
    data: await payments.rejectProof(auth, params.id, body.note ?? null),
  }));
};
