import type { z } from 'zod';

/** Job data and results are plain JSON: ids, the actor and the payer, never a request object. */
export type TJson = string | number | boolean | null | TJson[] | { [key: string]: TJson };
/** A job's data as pg-boss stores it: a JSON object, which its definition's schema describes. */
export type TJobData = object;

export type TJobInfo = { id: string; queue: string; retryCount: number; retryLimit: number };

/**
 * A job handler. It may run more than once for one job (a retry after an error, or after its
 * process died mid-way), so it must be idempotent. Return JSON (or nothing); throw an AppError for
 * an answer that retrying cannot change (the job completes and the waiting request gets the same
 * AppError); any other error fails the attempt and the job is retried with backoff.
 */
export type TJobHandler<TData, TResult> = (data: TData, job: TJobInfo) => Promise<TResult>;

export type TQueueOptions = {
  /** Retries after the first attempt (default 3). */
  retryLimit?: number;
  /** Delay before the first retry; doubled (with jitter) at each retry (default 2 s). */
  retryDelaySeconds?: number;
  /**
   * An attempt running longer than this fails and is retried; it is also how long a job whose
   * process died stays active before it is retried (default 30 s, see JOB_TIMING).
   */
  expireInSeconds?: number;
  /** Jobs of this queue run at once in one process (default 1). */
  concurrency?: number;
  /** How often an idle worker looks for work (default 2 s, 10 s with a schedule; a send in this
   * process wakes one worker; spare workers poll 5× less often, see job-slots.ts). */
  pollingIntervalSeconds?: number;
  /** `stately`: at most one job waiting and one running (repeated sends are dropped). */
  policy?: 'standard' | 'stately';
  /** Cron expression (UTC): pg-boss sends a job on this schedule, once for all processes. */
  schedule?: string;
};

export type TSendOptions = {
  singletonKey?: string;
  /** The job's id (a UUID): sending the same id again while that job exists is a no-op (null). */
  id?: string;
};

/**
 * What a request waiting for its job gets when the job has not finished in time: the job goes on
 * (and is retried if needed); the route may answer 202 with the job id.
 */
export type TJobPending = { status: 'pending'; queue: string; jobId: string };
export type TJobOutcome<TResult> = { status: 'done'; result: TResult } | TJobPending;

/** A defined queue, typed by its data and result. */
export type TQueue<TData, TResult> = {
  name: string;
  send: (data: TData, options?: TSendOptions) => Promise<string | null>;
  sendAndWait: (data: TData, options: { timeoutMs: number }) => Promise<TJobOutcome<TResult>>;
};

/**
 * A job as its module defines it: the queue's name, the zod schema of its payload (parsed when
 * the job is dequeued: a payload that does not match fails the job for good, as retrying cannot
 * change it), the handler and the queue's options.
 */
export type TJobDefinition<TSchema extends z.ZodType<unknown, TJobData>, TResult> = {
  name: string;
  schema: TSchema;
  handler: TJobHandler<z.output<TSchema>, TResult>;
  options?: TQueueOptions;
};

/** Declares a job definition with its types inferred (`jobs.define` installs it). */
export const jobDefinition = <TSchema extends z.ZodType<unknown, TJobData>, TResult = void>(
  definition: TJobDefinition<TSchema, TResult>,
) => definition;
