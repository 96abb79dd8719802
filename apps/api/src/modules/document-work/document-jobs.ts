import { ZRole, ZSignRequest, ZStampRequest } from '@bubuh/contracts';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { JOB_TIMING, type TJobOutcome } from '../../jobs/jobs.ts';
import { ZAccountRef } from '../quota/index.ts';
import { STUCK_AFTER_MS } from './recovery.ts';
import type { TSignDocument, TSignInput, TSignResult } from './sign-document.ts';
import type { TStampDocument, TStampInput, TStampResult } from './stamp-document.ts';

export const STAMP_QUEUE = 'stamp';
export const SIGN_QUEUE = 'sign';

/** How long a stamp or sign call waits for its job (a normal one takes seconds) before a 202. */
export const DOCUMENT_JOB_WAIT_MS = 30_000;

/**
 * The latest a dead attempt's job is still retried: every attempt may stay active for
 * expireInSeconds, be noticed by the next maintenance, then wait its (doubled, jittered) delay.
 * The recovery sweep (STUCK_AFTER_MS) must not release a unit a retry will still take over.
 */
export const documentJobRetryHorizonMs = (timing = JOB_TIMING) => {
  let total = 0;
  for (let attempt = 0; attempt <= timing.retryLimit; attempt += 1) {
    total += timing.expireInSeconds + timing.maintenanceIntervalSeconds;
    if (attempt > 0) total += 2 * timing.retryDelaySeconds * 2 ** (attempt - 1);
    total += timing.pollingIntervalSeconds;
  }
  return total * 1000;
};

if (documentJobRetryHorizonMs() >= STUCK_AFTER_MS)
  throw new Error('the stuck-document sweep would race the stamp and sign jobs');

/** The 202 body of a stamp or signature whose job is still running after the wait. */
export const pendingAnswer = (documentId: number, jobId: string) => ({
  message: 'Dokumen masih diproses; statusnya akan diperbarui sebentar lagi',
  data: { document_id: documentId, job_id: jobId },
});

/** A stamp or signature's answer: 200 with its result, or 202 while its job still runs. */
export const jobAnswer = <TResult>(
  reply: FastifyReply,
  documentId: number,
  outcome: TJobOutcome<TResult>,
  message: string,
) =>
  outcome.status === 'pending'
    ? reply.code(202).send(pendingAnswer(documentId, outcome.jobId))
    : { message, data: outcome.result };

export type TDocumentJobs = {
  stamp: (input: TStampInput) => Promise<TJobOutcome<TStampResult>>;
  sign: (input: TSignInput) => Promise<TJobOutcome<TSignResult>>;
};

/** Who acts, as a job carries it (`actorOf`). */
const ZActor = z.object({
  userId: z.number().int(),
  role: ZRole,
  companyId: z.number().int().nullable(),
  departementId: z.number().int().nullable(),
  client: z.object({ ip: z.string(), userAgent: z.string().nullable() }).optional(),
});

/** A `stamp` job: what the routes' `inputFor` builds (a batch's stamps never go through it). */
const ZStampJob = z.object({
  actor: ZActor,
  payer: ZAccountRef,
  request: ZStampRequest,
  lockerFolder: z.string().optional(),
  language: z.enum(['en', 'id']).optional(),
}) satisfies z.ZodType<TStampInput>;

const ZSignJob = z.object({
  actor: ZActor,
  payer: ZAccountRef,
  request: ZSignRequest,
}) satisfies z.ZodType<TSignInput>;

/**
 * Stamps (and signatures) one process works on at once. A stamp mostly waits (database round
 * trips, the PDF worker pool, the provider): with 2, four clients queued behind each other and
 * the API stamped at a fraction of the engine's rate. The CPU part stays bounded by PDF_WORKERS.
 */
const DOCUMENT_JOB_CONCURRENCY = 6;

/**
 * Stamping and signing one document run as the jobs `stamp` and `sign` (plain actor, payer and
 * request); the routes wait for them briefly and answer as before. A job whose process died is
 * retried by the next worker within a minute; the services take the dead attempt over
 * (`takeover.ts`), so the unit is spent once and the serial reused.
 */
export const defineDocumentJobs = (
  app: FastifyInstance,
  services: { stamping: TStampDocument; signing: TSignDocument },
  /** Called after a stamp is stored (notifications); outside any transaction. */
  onStamped?: (input: TStampInput, result: TStampResult) => Promise<void>,
): TDocumentJobs => {
  const stampQueue = app.jobs.define({
    name: STAMP_QUEUE,
    schema: ZStampJob,
    handler: async (input, job): Promise<TStampResult> => {
      const result = await services.stamping.stamp(input, {
        jobId: job.id,
        retryCount: job.retryCount,
      });
      // A lost notice must not fail a stored stamp; the notice is idempotent if it runs again.
      await onStamped?.(input, result).catch((err: unknown) =>
        app.log.warn({ err, documentId: result.document_id }, 'stamp notice failed'),
      );
      return result;
    },
    options: { concurrency: DOCUMENT_JOB_CONCURRENCY },
  });
  const signQueue = app.jobs.define({
    name: SIGN_QUEUE,
    schema: ZSignJob,
    handler: (input, job): Promise<TSignResult> =>
      services.signing.sign(input, { jobId: job.id, retryCount: job.retryCount }),
    options: { concurrency: DOCUMENT_JOB_CONCURRENCY },
  });
  const wait = { timeoutMs: DOCUMENT_JOB_WAIT_MS };
  return {
    stamp: (input) => stampQueue.sendAndWait(input, wait),
    sign: (input) => signQueue.sendAndWait(input, wait),
  };
};
