export { checkBatchBoxes } from './batch-boxes.ts';
export { unfiledItems } from './batch-items.repository.ts';
export {
  BATCH_ITEM_QUEUE,
  BATCH_SWEEP_QUEUE,
  defineBatchJobs,
  sendBatchItem,
} from './batch-jobs.ts';
export { BATCH_MAIL_QUEUE, defineBatchMailJob } from './batch-mail-job.ts';
export { createBatchRunner } from './batch-runner.ts';
export { batchesRoutes } from './batches.routes.ts';
export { createBatchesService } from './batches.service.ts';
