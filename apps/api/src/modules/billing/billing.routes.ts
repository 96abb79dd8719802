import { BILLING_ENDPOINTS as E } from '@bubuh/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dataRoute, endpointRoute } from '../../lib/endpoint-route.ts';
import { receiveUpload } from '../../lib/uploads.ts';
import { requireAuth } from '../../plugins/auth.ts';
import type { TBillingService } from './billing.service.ts';
import { PROOF_MAX_BYTES, type TBillingPayments } from './billing-payments.ts';
import { invoicePdf } from './billing-pdf.ts';

export const billingRoutes: FastifyPluginAsyncZod<{
  billing: TBillingService;
  payments: TBillingPayments;
  /** Per client address (RATE_LIMIT_PAYMENT_NOTIFICATION_PER_MINUTE). */
  notificationsPerMinute: number;
}> = async (app, { billing, payments, notificationsPerMinute }) => {
  dataRoute(app, E.pricing, 'OK', () => billing.pricing());
  dataRoute(app, E.buyQuota, 'Invoice dibuat', ({ auth, body }) => billing.buyQuota(auth, body));
  dataRoute(app, E.buyPlan, 'Invoice dibuat', ({ auth, body }) => billing.buyPlan(auth, body));
  dataRoute(app, E.invoice, 'OK', ({ auth, params }) => billing.invoice(auth, params.id));
  dataRoute(app, E.pay, 'OK', ({ auth, params }) => billing.pay(auth, params.id));
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
  dataRoute(app, E.sandboxComplete, 'OK', ({ auth, params, body }) =>
    payments.sandboxComplete(auth, params.id, body.outcome),
  );
  // Public: its body is capped like every public JSON route's (endpointRoute), and its calls
  // are limited per client address, so forged notifications cannot fill the table.
  endpointRoute(
    app,
    E.midtransNotification,
    async ({ body }) => {
      await payments.receive(body);
      return { message: 'OK' };
    },
    { config: { rateLimit: { max: notificationsPerMinute, timeWindow: '1 minute' } } },
  );
  dataRoute(app, E.purchases, 'OK', ({ auth, params, query }) =>
    billing.purchases(auth, params.userId, query),
  );
  dataRoute(app, E.transactions, 'OK', ({ auth, query }) => billing.transactions(auth, query));
  dataRoute(app, E.proofs, 'OK', ({ query }) => payments.proofs(query));
  endpointRoute(app, E.proofFile, async ({ params, reply }) => {
    const file = await payments.proofFile(params.id);
    return reply
      .type(file.type)
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, no-store')
      .send(Buffer.from(file.bytes));
  });
  dataRoute(app, E.confirmProof, 'Pembayaran dikonfirmasi', ({ auth, params, body }) =>
    payments.confirmProof(auth, params.id, body.note ?? null),
  );
  dataRoute(app, E.rejectProof, 'Bukti pembayaran ditolak', ({ auth, params, body }) =>
    payments.rejectProof(auth, params.id, body.note ?? null),
  );
};
