import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { TDb } from '../../db/client.ts';
import type { TMailer } from '../mail/index.ts';
import { sendBatchFinishedMail } from './batch-mail.ts';
import type { TBatchRow } from './batches.repository.ts';

export const BATCH_MAIL_QUEUE = 'batch-finished-mail';

/** A UUID made from a text: the same finish always names the same job. */
const uuidOf = (text: string) => {
  const hex = createHash('sha256').update(text).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
};

/**
 * The "batch finished" e-mail as the pg-boss job `batch-finished-mail` ({batchId, finishedAt}),
 * sent through the Mailer (outbox, or SMTP when SMTP_URL is set). The job's id comes from the
 * finish (one job per finish however often the listener runs) and the handler is idempotent
 * (see `sendBatchFinishedMail`). Returns the runner's batch-finished listener.
 */
export const defineBatchMailJob = (
  app: FastifyInstance,
  deps: { db: TDb; mailer: TMailer; publicUrl: string },
) => {
  const queue = app.jobs.define({
    name: BATCH_MAIL_QUEUE,
    schema: z.object({ batchId: z.number().int(), finishedAt: z.string() }),
    handler: (data) => sendBatchFinishedMail(deps, data),
    options: { retryLimit: 5 },
  });
  return async (batch: TBatchRow) => {
    if (!batch.finishedAt) return;
    const finishedAt = batch.finishedAt.toISOString();
    try {
      await queue.send(
        { batchId: batch.id, finishedAt },
        { id: uuidOf(`${BATCH_MAIL_QUEUE}:${batch.id}:${finishedAt}`) },
      );
    } catch (err) {
      // The batch is finished; a lost e-mail must not turn that into an error.
      app.log.error({ err, batchId: batch.id }, 'could not queue the batch e-mail');
    }
  };
};
