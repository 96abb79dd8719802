import { randomUUID } from 'node:crypto';
import PgBoss from 'pg-boss';
import { z } from 'zod';
import { AppError } from '../lib/app-error.ts';
import type { TBossDb } from './boss-db.ts';
import { createQueueRetrying } from './boss-queues.ts';
import { createRunHere } from './job-active.ts';
import { messageOf, settledOf, type TSettled } from './job-envelope.ts';
import { executeJob, JobFailedError } from './job-execute.ts';
import { createJobSlots, SPARE_POLL_FACTOR, type TSlot, type TSlots } from './job-slots.ts';
import { JOB_TIMING, type TJobTiming } from './job-timing.ts';
import type {
  TJobData,
  TJobDefinition,
  TJobInfo,
  TJobOutcome,
  TQueue,
  TQueueOptions,
  TSendOptions,
} from './job-types.ts';

export * from './job-types.ts';

// JobFailedError: a job that failed for good (every retry spent), or was cancelled: a 500 for
// the caller. JOB_TIMING: pg-boss's timing (job-timing.ts).
export { JOB_TIMING, JobFailedError, type TJobTiming };

export type TJobsOptions = {
  db: TBossDb;
  /** Whether this process works the queues (JOBS_WORKERS); sending works either way. */
  runWorkers: boolean;
  log: { error: (obj: object, msg: string) => void; warn: (obj: object, msg: string) => void };
  /** Overrides of JOB_TIMING (tests use short ones). */
  timing?: Partial<TJobTiming>;
  /** pg-boss's schema (JOBS_SCHEMA; default `pgboss`). */
  schema?: string;
};

export type TJobs = {
  runsWorkers: boolean;
  /** Declares a queue and its handler; call before the app is ready (or after: it starts then). */
  define: <TSchema extends z.ZodType<unknown, TJobData>, TResult = void>(
    definition: TJobDefinition<TSchema, TResult>,
  ) => TQueue<z.input<TSchema>, TResult>;
  /** Queues a job; returns its id (null when a `stately` queue already holds one). */
  send: (name: string, data: TJobData, options?: TSendOptions) => Promise<string | null>;
  /**
   * Queues a job and waits up to timeoutMs for it: its result, the AppError it threw (rethrown
   * as is), a JobFailedError, or `{ status: 'pending' }` when it is still waiting or running.
   */
  sendAndWait: <TResult = unknown>(
    name: string,
    data: TJobData,
    options: { timeoutMs: number },
  ) => Promise<TJobOutcome<TResult>>;
  /** The pg-boss schedules (cron) stored in the database. */
  schedules: () => Promise<{ name: string; cron: string }[]>;
  /** The job row, for tests and diagnostics. */
  job: (name: string, id: string) => Promise<PgBoss.JobWithMetadata | null>;
  started: () => boolean;
  start: () => Promise<void>;
  stop: () => Promise<void>;
};

type TDefinition = TSlots & {
  name: string;
  options: TQueueOptions;
  run: (data: TJobData, job: TJobInfo) => Promise<unknown>;
  /** Set once the queue is created (and its workers started) in the database. */
  installed?: Promise<void>;
};

export const createJobs = (options: TJobsOptions): TJobs => {
  const timing = { ...JOB_TIMING, ...options.timing };
  const boss = new PgBoss({
    db: options.db,
    schema: options.schema ?? 'pgboss',
    schedule: true,
    supervise: true,
    migrate: true,
    maintenanceIntervalSeconds: timing.maintenanceIntervalSeconds,
    expireInSeconds: timing.expireInSeconds,
    retryLimit: timing.retryLimit,
    retryDelay: timing.retryDelaySeconds,
    retryBackoff: true,
    pollingIntervalSeconds: timing.pollingIntervalSeconds,
  });
  boss.on('error', (err) => options.log.error({ err }, 'job queue error'));

  const definitions = new Map<string, TDefinition>();
  const waiters = new Map<string, (settled: TSettled | 'pending') => void>();
  let running = 0;
  let state: 'new' | 'starting' | 'started' | 'stopped' = 'new';

  const notifyWaiter = (id: string, settled: TSettled) => waiters.get(id)?.(settled);
  const slots = createJobSlots((workerId) => boss.notifyWorker(workerId));

  const execute = { notify: notifyWaiter, log: options.log };

  const workerOf =
    (def: TDefinition, slot: TSlot) => async (jobs: PgBoss.JobWithMetadata<TJobData>[]) => {
      const [job] = jobs;
      if (!job) return undefined;
      const fetchedAt = Date.now();
      // The slot is lent to a job run here (`job-active.ts`): this one waits for it, and takes
      // it in the same tick as it is given back (`waiting` keeps others off it meanwhile).
      if (slot.lent) {
        slot.waiting = true;
        while (slot.lent) await slot.lent;
        slot.waiting = false;
      }
      if (state === 'stopped') throw new Error('shutting down');
      // Waited past its expiry: pg-boss has failed this attempt already; it is not run.
      if (Date.now() - fetchedAt >= job.expireInSeconds * 1000)
        throw new Error('expired while waiting for its slot');
      const polled = slots.started(def, slot, job.id);
      const info = {
        id: job.id,
        queue: def.name,
        retryCount: job.retryCount,
        retryLimit: job.retryLimit,
      };
      running += 1;
      try {
        return await executeJob(def.run, job.data, info, execute);
      } finally {
        running -= 1;
        slots.finished(def, slot, polled);
      }
    };

  const here = createRunHere({
    db: options.db,
    schema: options.schema ?? 'pgboss',
    boss,
    execute,
    log: options.log,
    started: () => state === 'started',
    running: (delta) => {
      running += delta;
    },
    finished: (def, slot) => slots.finished(def as TDefinition, slot, false),
  });

  const install = async (def: TDefinition) => {
    const { retryLimit, retryDelaySeconds, expireInSeconds, policy } = def.options;
    const queue = {
      name: def.name,
      policy: policy ?? 'standard',
      retryLimit: retryLimit ?? timing.retryLimit,
      retryDelay: retryDelaySeconds ?? timing.retryDelaySeconds,
      retryBackoff: true,
      expireInSeconds: expireInSeconds ?? timing.expireInSeconds,
    };
    await createQueueRetrying(boss, def.name, queue);
    await boss.updateQueue(def.name, queue);
    if (def.options.schedule)
      await boss.schedule(def.name, def.options.schedule, {}, { tz: 'UTC' });
    if (!options.runWorkers) return;
    const workOptions = {
      includeMetadata: true as const,
      batchSize: 1,
      // A queue pg-boss fills on a schedule (once a minute at most) is looked at less often.
      pollingIntervalSeconds:
        def.options.pollingIntervalSeconds ??
        timing.pollingIntervalSeconds * (def.options.schedule ? SPARE_POLL_FACTOR : 1),
    };
    for (let i = 0; i < (def.options.concurrency ?? 1); i += 1) {
      const slot: TSlot = { id: '', running: false };
      const polling = workOptions.pollingIntervalSeconds * (i === 0 ? 1 : SPARE_POLL_FACTOR);
      const work = { ...workOptions, pollingIntervalSeconds: polling };
      slot.id = await boss.work<TJobData>(def.name, work, workerOf(def, slot));
      def.slots.push(slot);
    }
  };

  const assertStarted = () => {
    if (state !== 'started') throw new Error('The job queue is not running');
  };

  const enqueue = async (
    name: string,
    data: TJobData,
    id: string,
    sendOptions: TSendOptions,
    startHere = false,
  ) => {
    assertStarted();
    await definitions.get(name)?.installed;
    const def = definitions.get(name);
    const slot = startHere && def ? here.idleSlot(def) : undefined;
    // Started here, or else (a queue not `standard` in the database) sent as any other job.
    const started = def && slot ? await here.run(def, slot, id, data) : null;
    if (started !== null) return started;
    if (def) slots.sending(def, id);
    const sent = await boss.send(name, data, { ...sendOptions, id });
    // One idle worker of the queue here fetches it now (job-slots.ts).
    if (def) slots.sent(def);
    return sent;
  };

  const send: TJobs['send'] = (name, data, sendOptions = {}) =>
    enqueue(name, data, sendOptions.id ?? randomUUID(), sendOptions);

  const sendAndWait = async <TResult>(
    name: string,
    data: TJobData,
    { timeoutMs }: { timeoutMs: number },
  ): Promise<TJobOutcome<TResult>> => {
    const id = randomUUID();
    const local = (definitions.get(name)?.slots.length ?? 0) > 0;
    // In-process: the worker here tells the waiter. Otherwise (or when another process took a
    // retry) the job row is read until it is finished.
    const pollMs = local ? 2000 : 500;
    let done = false;
    let deadline: NodeJS.Timeout | undefined;
    let poller: NodeJS.Timeout | undefined;
    const settled = await new Promise<TSettled | 'pending'>((resolve) => {
      const finish = (value: TSettled | 'pending') => {
        if (done) return;
        done = true;
        clearTimeout(deadline);
        clearTimeout(poller);
        waiters.delete(id);
        resolve(value);
      };
      waiters.set(id, finish);
      deadline = setTimeout(() => finish('pending'), timeoutMs);
      const poll = async () => {
        try {
          const job = await boss.getJobById(name, id, { includeArchive: true });
          if (job?.state === 'completed') {
            finish(settledOf(job.output) ?? { ok: true, result: undefined });
          } else if (job?.state === 'failed' || job?.state === 'cancelled') {
            finish({ ok: false, error: new JobFailedError(name, id, messageOf(job.output)) });
          }
        } catch (err) {
          options.log.warn({ err, queue: name, jobId: id }, 'reading a job failed');
        }
        if (!done) poller = setTimeout(poll, pollMs);
      };
      enqueue(name, data, id, {}, true)
        .then((sent) => {
          if (sent === null) throw new Error(`Job queue ${name} did not accept the job`);
          if (!done) poller = setTimeout(poll, pollMs);
        })
        .catch((error: unknown) =>
          finish({ ok: false, error: error instanceof Error ? error : new Error(String(error)) }),
        );
    }).finally(() => waiters.delete(id));
    if (settled === 'pending') return { status: 'pending', queue: name, jobId: id };
    if (!settled.ok) throw settled.error;
    return { status: 'done', result: settled.result as TResult };
  };

  return {
    runsWorkers: options.runWorkers,
    define: <TSchema extends z.ZodType<unknown, TJobData>, TResult = void>(
      definition: TJobDefinition<TSchema, TResult>,
    ): TQueue<z.input<TSchema>, TResult> => {
      const { name, schema, handler, options: queueOptions = {} } = definition;
      if (definitions.has(name)) throw new Error(`Job queue ${name} is already defined`);
      const def: TDefinition = {
        name,
        options: queueOptions,
        run: (data, job) => {
          const parsed = schema.safeParse(data);
          if (!parsed.success)
            throw new AppError('VALIDATION_FAILED', "The job's data does not match its schema", {
              queue: name,
              data: z.prettifyError(parsed.error),
            });
          return handler(parsed.data, job);
        },
        slots: [],
        backlog: 0,
        next: 0,
      };
      definitions.set(name, def);
      if (state === 'started') {
        def.installed = install(def);
        def.installed.catch((err: unknown) =>
          options.log.error({ err, queue: name }, 'job queue setup failed'),
        );
      }
      return {
        name,
        send: (data, sendOptions) => send(name, data, sendOptions),
        sendAndWait: (data, waitOptions) => sendAndWait<TResult>(name, data, waitOptions),
      };
    },
    send,
    sendAndWait,
    schedules: async () => (await boss.getSchedules()).map(({ name, cron }) => ({ name, cron })),
    job: (name, id) => boss.getJobById<object>(name, id, { includeArchive: true }),
    started: () => state === 'started',
    start: async () => {
      if (state !== 'new') return;
      state = 'starting';
      await boss.start();
      for (const def of definitions.values()) {
        def.installed = install(def);
        await def.installed;
      }
      state = 'started';
    },
    stop: async () => {
      if (state === 'stopped') return;
      const wasRunning = state !== 'new';
      state = 'stopped';
      for (const finish of [...waiters.values()]) finish('pending');
      if (wasRunning) await boss.stop({ graceful: true, wait: true, timeout: 8_000, close: false });
      // pg-boss does not await the complete/fail writes of its workers: wait for them, and for a
      // handler a worker may have fetched just before stopping, before the connection closes.
      while (running > 0) await new Promise((resolve) => setTimeout(resolve, 50));
      await options.db.drain();
      await options.db.close();
    },
  };
};
