import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { TBatchItemJob, TBatchRunner } from './batch-runner.ts';

declare module 'fastify' {
  // biome-ignore lint/style/useConsistentTypeDefinitions: module augmentation needs an interface
  interface FastifyInstance {
    /** Bulk stamping's runner: `onBatchFinished(listener)` is where locker filing hooks in. */
    batchRunner: TBatchRunner;
  }
}

export const BATCH_ITEM_QUEUE = 'batch-stamp-item';
export const BATCH_SWEEP_QUEUE = 'batch-stamp-sweep';

/** One group of a batch's items (`itemId`: a single item, as jobs queued before groups say). */
const ZBatchItemJob = z.object({
  batchId: z.number().int(),
  itemIds: z.array(z.number().int()).optional(),
  itemId: z.number().int().optional(),
}) satisfies z.ZodType<TBatchItemJob>;

/**
 * Bulk stamping on pg-boss: one job per group of a batch's documents (`batch-stamp-item`,
 * idempotent: see `batch-runner.ts`) and a sweep every minute that resends lost jobs and
 * finishes batches. `workers`: batch documents this process stamps at once (each batch keeps its
 * window), so `workers / group` jobs at once.
 */
export const defineBatchJobs = (
  app: FastifyInstance,
  runner: TBatchRunner,
  workers: number,
  group: number,
) => {
  app.jobs.define({
    name: BATCH_ITEM_QUEUE,
    schema: ZBatchItemJob,
    handler: (data, job) => runner.runGroup(data, job),
    options: { concurrency: Math.max(1, Math.ceil(workers / group)), pollingIntervalSeconds: 1 },
  });
  app.jobs.define({
    name: BATCH_SWEEP_QUEUE,
    schema: z.object({}),
    handler: () => runner.sweep(),
    options: { policy: 'stately', schedule: '* * * * *' },
  });
};

/** Sends one group's job with its id (sending an id whose job still exists is a no-op). */
export const sendBatchItem = (app: FastifyInstance) => (jobId: string, data: TBatchItemJob) =>
  app.jobs.send(BATCH_ITEM_QUEUE, data, { id: jobId });
