import { createHmac } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { TEnv } from '../../config/env.ts';
import type { TDb } from '../../db/client.ts';
import type { TFileStore } from '../../storage/file-store.ts';
import { billingRoutes } from './billing.routes.ts';
import { createBillingService } from './billing.service.ts';
import { defineBillingJobs } from './billing-jobs.ts';
import { createBillingPayments } from './billing-payments.ts';
import type { TInvoiceClosed } from './billing-settlement.ts';
import { createMidtransGateway } from './gateways/midtrans-gateway.ts';
import { createSandboxGateway } from './gateways/sandbox-gateway.ts';
import { promoRoutes } from './promo.routes.ts';

/** Buying: the gateway chosen by PAYMENT_GATEWAY, the services, jobs and routes. */
export const createBillingModule = async (
  app: FastifyInstance,
  deps: {
    env: TEnv;
    db: TDb;
    files: TFileStore;
    jwtSecret: string;
    onInvoiceClosed?: (event: TInvoiceClosed) => Promise<void>;
  },
) => {
  const { env } = deps;
  const sandbox =
    env.PAYMENT_GATEWAY === 'sandbox'
      ? createSandboxGateway(
          createHmac('sha256', deps.jwtSecret).update('bubuh:sandbox-gateway:v1').digest('hex'),
        )
      : undefined;
  // Production starts with the sandbox only when ALLOW_DEMO_IN_PRODUCTION names it (config/env.ts).
  if (sandbox && env.NODE_ENV === 'production') {
    app.log.warn(
      'PAYMENT_GATEWAY=sandbox in production (allowed by ALLOW_DEMO_IN_PRODUCTION): anyone signed in can mark invoices paid',
    );
  }
  const gateway =
    sandbox ??
    createMidtransGateway({
      serverKey: env.MIDTRANS_SERVER_KEY ?? '',
      isProduction: env.MIDTRANS_IS_PRODUCTION,
      snapUrl: env.MIDTRANS_SNAP_URL,
      apiUrl: env.MIDTRANS_API_URL,
    });
  const billing = createBillingService({
    db: deps.db,
    gateway,
    publicUrl: env.PUBLIC_URL,
    ...(deps.onInvoiceClosed ? { onInvoiceClosed: deps.onInvoiceClosed } : {}),
    seller: {
      name: env.SELLER_NAME,
      npwp: env.SELLER_NPWP,
      address: env.SELLER_ADDRESS,
      bankAccount: env.BANK_TRANSFER_ACCOUNT,
    },
  });
  const payments = createBillingPayments({
    billing,
    gateway,
    files: deps.files,
    ...(sandbox ? { sandboxNotification: sandbox.notificationFor } : {}),
  });
  defineBillingJobs(app, billing, payments);
  await app.register(billingRoutes, {
    billing,
    payments,
    notificationsPerMinute: env.RATE_LIMIT_PAYMENT_NOTIFICATION_PER_MINUTE,
  });
  await app.register(promoRoutes, { billing });
  return { billing, payments };
};
