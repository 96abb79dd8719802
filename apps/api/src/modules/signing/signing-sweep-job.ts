import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { TSigningReminders } from './signing-reminders.ts';

export const SIGNING_SWEEP_QUEUE = 'signing-sweep';

/**
 * Signing rounds past their deadline stop, and signers due an automatic reminder get it: a
 * pg-boss job every 5 minutes (sent once for all processes) and once at start. Idempotent: each
 * expiry and reminder is claimed by a conditional update first, so a retried or concurrent run
 * e-mails nobody twice; the sweep logs and skips a row that fails instead of throwing.
 */
export const registerSigningSweep = (app: FastifyInstance, reminders: TSigningReminders): void => {
  const sweep = app.jobs.define({
    name: SIGNING_SWEEP_QUEUE,
    schema: z.object({}),
    handler: async () => {
      const outcome = await reminders.sweep();
      if (outcome.expired + outcome.reminded + outcome.failed > 0)
        app.log.info(outcome, 'signing sweep');
      return outcome;
    },
    // A run may mail many reminders; the next run comes 5 minutes later anyway.
    options: { schedule: '*/5 * * * *', retryLimit: 1, expireInSeconds: 240 },
  });
  app.addHook('onReady', async () => {
    await sweep.send({});
  });
};
