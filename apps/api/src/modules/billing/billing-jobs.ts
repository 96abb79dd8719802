import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import * as repo from './billing.repository.ts';
import type { TBillingService } from './billing.service.ts';
import type { TBillingPayments } from './billing-payments.ts';

export const PAYMENT_NOTIFICATION_JOB = 'payment-notification';
export const EXPIRE_INVOICES_JOB = 'expire-invoices';

/**
 * Verified gateway notifications are applied by a pg-boss job (retried when the gateway's status
 * query fails); the webhook waits up to 10 s for it. Overdue pending invoices are marked expired
 * every minute.
 */
export const defineBillingJobs = (
  app: FastifyInstance,
  billing: TBillingService,
  payments: TBillingPayments,
) => {
  const notifications = app.jobs.define({
    name: PAYMENT_NOTIFICATION_JOB,
    schema: z.object({ notificationId: z.number().int() }),
    handler: async ({ notificationId }) => payments.process(notificationId),
    options: { retryLimit: 5, concurrency: 2 },
  });
  payments.setQueue(async (notificationId) => {
    const outcome = await notifications.sendAndWait({ notificationId }, { timeoutMs: 10_000 });
    return outcome.status === 'done' ? outcome.result : 'queued';
  });
  app.jobs.define({
    name: EXPIRE_INVOICES_JOB,
    schema: z.object({}),
    handler: async () => ({ expired: (await repo.expireOverdue(billing.db, new Date())).length }),
    options: { schedule: '* * * * *', retryLimit: 1 },
  });
};
