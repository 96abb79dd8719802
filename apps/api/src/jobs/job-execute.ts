import { AppError } from '../lib/app-error.ts';
import { type TEnvelope, type TSettled, toJson } from './job-envelope.ts';
import type { TJobData, TJobInfo } from './job-types.ts';

/** Thrown when a queue's failed job is given up (every retry spent). */
export class JobFailedError extends Error {
  constructor(queue: string, jobId: string, detail: string) {
    super(`Job ${queue}/${jobId} failed: ${detail}`);
    this.name = 'JobFailedError';
  }
}

export type TExecuteDeps = {
  /** Tells a request waiting in this process how its job ended. */
  notify: (jobId: string, settled: TSettled) => void;
  log: { warn: (obj: object, msg: string) => void };
};

/**
 * One attempt of a job, however it was started (fetched by a pg-boss worker, or inserted active
 * by this process: `job-active.ts`): its envelope (the result, or an AppError that retrying
 * cannot change) for pg-boss to complete the job with; any other error is thrown so that pg-boss
 * fails the attempt and retries it with backoff. A waiter here hears the outcome first.
 */
export const executeJob = async (
  run: (data: TJobData, job: TJobInfo) => Promise<unknown>,
  data: TJobData,
  info: TJobInfo,
  deps: TExecuteDeps,
): Promise<TEnvelope> => {
  try {
    const result = toJson(await run(data, info));
    deps.notify(info.id, { ok: true, result });
    return { ok: true, result };
  } catch (error) {
    if (error instanceof AppError) {
      deps.notify(info.id, { ok: false, error });
      const fields = toJson(error.fields) ?? {};
      return { ok: false, error: { code: error.code, message: error.message, fields } };
    }
    if (info.retryCount >= info.retryLimit) {
      const detail = error instanceof Error ? error.message : String(error);
      deps.notify(info.id, {
        ok: false,
        error: new JobFailedError(info.queue, info.id, detail),
      });
    } else {
      deps.log.warn({ err: error, queue: info.queue, jobId: info.id }, 'job failed, will retry');
    }
    throw error;
  }
};

/**
 * pg-boss's own bound on a handler (`resolveWithinSeconds`): an attempt still running after its
 * job's expiry fails, as the job is then retried elsewhere. The handler itself is not stopped.
 */
export const withinSeconds = <T>(work: Promise<T>, seconds: number): Promise<T> => {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`handler execution exceeded ${seconds * 1000}ms`)),
      seconds * 1000,
    );
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
};
