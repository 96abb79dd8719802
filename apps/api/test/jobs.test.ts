import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { REPO_ROOT } from '../src/config/env.ts';
import { WaitsOnOwnTransactionError } from '../src/db/pglite-statements.ts';
import { bossDbFor } from '../src/jobs/boss-db.ts';
import { PG_BOSS_STATEMENTS_COPIED } from '../src/jobs/job-active.ts';
import {
  createJobs,
  JOB_TIMING,
  JobFailedError,
  type TJobInfo,
  type TJobs,
  type TQueueOptions,
} from '../src/jobs/jobs.ts';
import { jobsPlugin } from '../src/jobs/jobs-plugin.ts';
import { AppError } from '../src/lib/app-error.ts';
import { RECOVER_STUCK_DOCUMENTS } from '../src/modules/document-work/stuck-documents-job.ts';
import { registerErrorHandler } from '../src/plugins/error-handler.ts';
import { createTestContext, type TTestContext, testDbDriver, unique } from './helpers.ts';

/**
 * Background jobs (src/jobs) on the test database: PGlite in memory, or PostgreSQL with
 * BUBUH_TEST_DB=postgres. Extra pg-boss instances here share the app's database the way a second
 * process would (on PGlite: the same session; on PostgreSQL: their own pools).
 */

const silent = { error: () => {}, warn: () => {} };
/** Short timings so expiry and retries happen within seconds in tests. */
const FAST = { expireInSeconds: 2, maintenanceIntervalSeconds: 1, retryDelaySeconds: 1 };

let ctx: TTestContext;
const extra: TJobs[] = [];

const jobsOnTestDb = async (runWorkers: boolean, timing = FAST): Promise<TJobs> => {
  const jobs = createJobs({
    db: bossDbFor(ctx.database.connection, () => {}),
    runWorkers,
    log: silent,
    timing,
    schema: ctx.env.JOBS_SCHEMA,
  });
  extra.push(jobs);
  await jobs.start();
  return jobs;
};

/**
 * A test queue taking whatever data its test sends: what these tests check is the queue, not a
 * payload's schema (the test of that defines its own).
 */
const define = <TData extends object, TResult = void>(
  jobs: TJobs,
  name: string,
  handler: (data: TData, job: TJobInfo) => Promise<TResult>,
  options?: TQueueOptions,
) =>
  jobs.define({
    name,
    schema: z.custom<TData>((value) => typeof value === 'object' && value !== null),
    handler,
    ...(options ? { options } : {}),
  });

/** pg-boss's job table of this file's app (its own schema on PostgreSQL). */
const jobTable = () => sql`${sql.identifier(ctx.env.JOBS_SCHEMA)}.job`;

const rowsOf = async (query: ReturnType<typeof sql>) =>
  ((await ctx.database.db.execute(query)) as { rows: Record<string, unknown>[] }).rows;

/** Polls `check` until it returns a value (not undefined) or the deadline passes. */
const eventually = async <T>(check: () => Promise<T | undefined>, ms: number): Promise<T> => {
  const until = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error(`condition not met within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};

/** The job `id` of the queue `name`, once `jobs` reads it completed (within `ms`). */
const completedJob = (jobs: TJobs, name: string, id: string, ms: number) =>
  eventually(async () => {
    const row = await jobs.job(name, id);
    return row?.state === 'completed' ? row : undefined;
  }, ms);

/**
 * A live worker of the queue `name` whose jobs expire after `expireInSeconds`: it answers the
 * attempt it ran (`retryCount`).
 */
const retryingWorker = async (name: string, expireInSeconds: number) => {
  const alive = await jobsOnTestDb(true);
  define(alive, name, async (_data: { doc: number }, job) => ({ retryCount: job.retryCount }), {
    expireInSeconds,
    pollingIntervalSeconds: 0.5,
  });
  return alive;
};

beforeAll(async () => {
  ctx = await createTestContext();
});

afterAll(async () => {
  for (const jobs of extra) await jobs.stop();
  await ctx.close();
});

describe('jobs on the app (app.jobs)', () => {
  it('returns the result of the handler through sendAndWait', async () => {
    const jobs = await jobsOnTestDb(true);
    const queue = define(jobs, `add-${unique()}`, async (data: { a: number; b: number }, job) => ({
      sum: data.a + data.b,
      attempt: job.retryCount,
    }));
    const outcome = await queue.sendAndWait({ a: 2, b: 3 }, { timeoutMs: 10_000 });
    expect(outcome).toEqual({ status: 'done', result: { sum: 5, attempt: 0 } });
  });

  it('gives back an AppError thrown by the handler as the same AppError, not retried', async () => {
    const jobs = await jobsOnTestDb(true);
    let runs = 0;
    const name = `refuse-${unique()}`;
    define(jobs, name, async () => {
      runs += 1;
      throw new AppError('UNPROCESSABLE', 'Your quota is used up', { remaining: 0 });
    });
    const error = await jobs.sendAndWait(name, {}, { timeoutMs: 10_000 }).catch((e) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({
      code: 'UNPROCESSABLE',
      message: 'Your quota is used up',
      fields: { remaining: 0 },
      statusCode: new AppError('UNPROCESSABLE', '').statusCode,
    });
    expect(runs).toBe(1);
  });

  it("inserts a job already active as the installed pg-boss's own insert and fetch do", () => {
    // job-active.ts writes pg-boss's job row itself; a pg-boss whose insert or fetch changed
    // would get rows it does not expect, so this fails until the copy is checked again.
    const plans = createRequire(import.meta.url)('pg-boss/src/plans.js') as {
      insertJob: (schema: string) => string;
      fetchNextJob: (schema: string) => (options: { includeMetadata: boolean }) => string;
    };
    const sha = (text: string) => createHash('sha256').update(text).digest('hex');
    expect({
      insertJob: sha(plans.insertJob('pgboss')),
      fetchNextJob: sha(plans.fetchNextJob('pgboss')({ includeMetadata: true })),
    }).toEqual(PG_BOSS_STATEMENTS_COPIED);
  });

  it('refuses data its schema does not describe, for good, before the handler runs', async () => {
    const jobs = await jobsOnTestDb(true);
    let runs = 0;
    const queue = jobs.define({
      name: `typed-${unique()}`,
      schema: z.object({ documentId: z.number().int() }),
      handler: async ({ documentId }) => {
        runs += 1;
        return { documentId };
      },
    });
    // What an older release, or a hand-made row, could have left in the queue.
    const error = await jobs
      .sendAndWait(queue.name, { documentId: '12; drop table documents' }, { timeoutMs: 10_000 })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(runs).toBe(0);
    const done = await queue.sendAndWait({ documentId: 7 }, { timeoutMs: 10_000 });
    expect(done).toEqual({ status: 'done', result: { documentId: 7 } });
    expect(runs).toBe(1);
  });

  it('answers over HTTP exactly as when the route throws the AppError itself', async () => {
    const app = Fastify({ logger: false });
    registerErrorHandler(app);
    await app.register(jobsPlugin, {
      database: ctx.database,
      runWorkers: true,
      schema: ctx.env.JOBS_SCHEMA,
    });
    const refusal = () => new AppError('CONFLICT', 'Document is already stamped', { id: 9 });
    const queue = define(app.jobs, `http-${unique()}`, async () => {
      throw refusal();
    });
    app.get('/direct', async () => {
      throw refusal();
    });
    app.get('/job', async () => queue.sendAndWait({}, { timeoutMs: 10_000 }));
    await app.ready();
    try {
      const direct = await app.inject({ url: '/direct' });
      const viaJob = await app.inject({ url: '/job' });
      expect(viaJob.statusCode).toBe(direct.statusCode);
      expect(viaJob.json()).toEqual(direct.json());
      expect(direct.json()).toMatchObject({ errors: { status: 'CONFLICT', id: 9 } });
    } finally {
      await app.close();
    }
  });

  it('gives the result and the AppError back by reading the job row when another process works', async () => {
    const worker = await jobsOnTestDb(true);
    const sender = await jobsOnTestDb(false);
    const name = `remote-${unique()}`;
    define(worker, name, async (data: { n: number }) => {
      if (data.n < 0) throw new AppError('CONFLICT', 'n must be positive', { n: 'negative' });
      return { double: data.n * 2 };
    });
    define(sender, name, async () => {
      throw new Error('never runs: this instance has no workers');
    });
    expect(await sender.sendAndWait(name, { n: 21 }, { timeoutMs: 15_000 })).toEqual({
      status: 'done',
      result: { double: 42 },
    });
    const error = await sender.sendAndWait(name, { n: -1 }, { timeoutMs: 15_000 }).catch((e) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ code: 'CONFLICT', fields: { n: 'negative' } });
  });

  it('retries a handler that throws a plain error, and fails for good when retries run out', async () => {
    const jobs = await jobsOnTestDb(true);
    const attempts: number[] = [];
    const flaky = define(
      jobs,
      `flaky-${unique()}`,
      async (_data: { key: string }, job) => {
        attempts.push(job.retryCount);
        if (job.retryCount === 0) throw new Error('network hiccup');
        return { ok: true };
      },
      { retryLimit: 2, pollingIntervalSeconds: 0.5 },
    );
    const outcome = await flaky.sendAndWait({ key: 'x' }, { timeoutMs: 20_000 });
    expect(outcome).toEqual({ status: 'done', result: { ok: true } });
    expect(attempts).toEqual([0, 1]);

    let broken = 0;
    const failing = define(
      jobs,
      `broken-${unique()}`,
      async () => {
        broken += 1;
        throw new Error('always broken');
      },
      { retryLimit: 1, pollingIntervalSeconds: 0.5 },
    );
    const error = await failing.sendAndWait({}, { timeoutMs: 20_000 }).catch((e) => e);
    expect(error).toBeInstanceOf(JobFailedError);
    expect(String(error.message)).toContain('always broken');
    expect(broken).toBe(2);
  });

  it('answers pending (202-style) when the job is not done in time, and it still completes', async () => {
    const jobs = await jobsOnTestDb(true);
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const name = `slow-${unique()}`;
    define(jobs, name, async () => {
      await gate;
      return { finished: true };
    });
    const outcome = await jobs.sendAndWait(name, {}, { timeoutMs: 300 });
    expect(outcome).toMatchObject({ status: 'pending', queue: name });
    if (outcome.status !== 'pending') return;
    release();
    const job = await completedJob(jobs, name, outcome.jobId, 10_000);
    expect(job.output).toEqual({ ok: true, result: { finished: true } });
  });

  it('retries a job left active by a worker that died (pg-boss expiry, short timings)', async () => {
    const name = `orphan-${unique()}`;
    // A "dead worker": it takes the job (state active) and never completes it.
    const dead = await jobsOnTestDb(false);
    define(dead, name, async () => ({ from: 'dead' }), { expireInSeconds: 2 });
    const id = await dead.send(name, { doc: 1 });
    expect(id).toBeTruthy();
    const taken = await rowsOf(
      sql`update ${jobTable()} set state = 'active', started_on = now() where name = ${name} and id = ${id} returning id`,
    );
    expect(taken).toHaveLength(1);
    const started = Date.now();
    const alive = await retryingWorker(name, 2);
    const job = await completedJob(alive, name, id ?? '', 20_000);
    expect(job.output).toEqual({ ok: true, result: { retryCount: 1 } });
    expect(Date.now() - started).toBeLessThan(20_000);
  });

  it('runs a job a request waits for at once here, as an active job another worker retries if this one dies', async () => {
    const name = `here-${unique()}`;
    // This process's database, cut once the job runs: it can no longer complete or fail the
    // job, as when it has died (its statements are held, and let go after the test).
    const db = bossDbFor(ctx.database.connection, () => {});
    let cut = false;
    const held: (() => void)[] = [];
    const dying = createJobs({
      db: {
        ...db,
        executeSql: (text, values) =>
          cut
            ? new Promise((resolve) => held.push(() => resolve({ rows: [] })))
            : db.executeSql(text, values),
      },
      runWorkers: true,
      log: silent,
      timing: FAST,
      schema: ctx.env.JOBS_SCHEMA,
    });
    extra.push(dying);
    await dying.start();
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let started = 0;
    const hanging = async () => {
      started += 1;
      await gate;
      return { from: 'dying' };
    };
    define(dying, name, hanging, { expireInSeconds: 2, pollingIntervalSeconds: 60 });
    try {
      const outcome = await dying.sendAndWait(name, { doc: 1 }, { timeoutMs: 300 });
      expect(outcome).toMatchObject({ status: 'pending', queue: name });
      if (outcome.status !== 'pending') return;
      // Started here (on a loaded machine perhaps after the wait gave up), and only once.
      await eventually(async () => (started > 0 ? true : undefined), 10_000);
      cut = true;
      expect(started).toBe(1);
      // Inserted active (started in the statement that created it), not fetched later.
      const [row] = await rowsOf(
        sql`select state, started_on = created_on as at_once from ${jobTable()} where id = ${outcome.jobId}`,
      );
      expect(row).toEqual({ state: 'active', at_once: true });
      // pg-boss expires it like any job whose worker died; another worker runs it again.
      const alive = await retryingWorker(name, 2);
      const job = await completedJob(alive, name, outcome.jobId, 20_000);
      expect(job.output).toEqual({ ok: true, result: { retryCount: 1 } });
      expect(started).toBe(1);
    } finally {
      release();
      cut = false;
      for (const resume of held.splice(0)) resume();
    }
  });

  it('queues a waited-for job for the workers when every place here is taken', async () => {
    const jobs = await jobsOnTestDb(true);
    const name = `full-${unique()}`;
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const runs: number[] = [];
    const handler = async (data: { n: number }) => {
      runs.push(data.n);
      await gate;
      return { n: data.n };
    };
    // Concurrency 1, and a worker that only fetches when woken (no poll within the test).
    define(jobs, name, handler, { pollingIntervalSeconds: 60 });
    try {
      const first = await jobs.sendAndWait(name, { n: 1 }, { timeoutMs: 200 });
      const second = await jobs.sendAndWait(name, { n: 2 }, { timeoutMs: 200 });
      if (first.status !== 'pending' || second.status !== 'pending') throw new Error('not pending');
      // The first runs here (active from its insert); the second waits in the queue meanwhile.
      const [row] = await rowsOf(
        sql`select state, started_on = created_on as at_once from ${jobTable()} where id = ${first.jobId}`,
      );
      expect(row).toEqual({ state: 'active', at_once: true });
      expect(runs).toEqual([1]);
      expect((await jobs.job(name, second.jobId))?.state).toBe('created');
      release();
      // The slot given back wakes its worker for the second.
      const done = await completedJob(jobs, name, second.jobId, 10_000);
      expect(done.output).toEqual({ ok: true, result: { n: 2 } });
      expect(runs).toEqual([1, 2]);
    } finally {
      release();
    }
  });

  it('keeps the default timing within a minute for a job whose worker died', () => {
    // expiry + one maintenance round + the first retry delay (2x with jitter) + one poll
    const worst =
      JOB_TIMING.expireInSeconds +
      JOB_TIMING.maintenanceIntervalSeconds +
      2 * JOB_TIMING.retryDelaySeconds +
      JOB_TIMING.pollingIntervalSeconds;
    expect(worst).toBeLessThan(60);
  });

  it('schedules the stuck-document sweep every 5 minutes and runs it at start', async () => {
    const schedules = await ctx.app.jobs.schedules();
    expect(schedules).toContainEqual({ name: RECOVER_STUCK_DOCUMENTS, cron: '*/5 * * * *' });
    const done = await eventually(async () => {
      const rows = await rowsOf(
        sql`select output from ${jobTable()} where name = ${RECOVER_STUCK_DOCUMENTS} and state = 'completed'`,
      );
      return rows.length > 0 ? rows : undefined;
    }, 10_000);
    expect(done[0]).toMatchObject({
      output: { ok: true, result: { recovered: expect.any(Number) } },
    });
  });

  it('stops pg-boss when the app closes: no job work, no timers left', async () => {
    for (const jobs of extra.splice(0)) await jobs.stop();
    const timers = () =>
      process.getActiveResourcesInfo().filter((r) => r === 'Timeout' || r === 'Immediate').length;
    // The timers of what still runs (the shared app) come and go: take the most seen.
    let baseline = 0;
    for (let i = 0; i < 10; i += 1) {
      baseline = Math.max(baseline, timers());
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const own = await createTestContext();
    expect(own.app.jobs.started()).toBe(true);
    // pg-boss holds at least 3 intervals (maintenance, cron, clock) and one loop per worker.
    expect(timers()).toBeGreaterThan(baseline + 2);
    await own.close();
    expect(own.app.jobs.started()).toBe(false);
    await expect(own.app.jobs.send('anything', {})).rejects.toThrow('not running');
    // pg-boss lets a stopped worker's loop end on its own (up to 1 s): poll for it.
    await eventually(async () => (timers() <= baseline ? true : undefined), 5000);
  });
});

describe.runIf(testDbDriver() === 'pglite')('pg-boss over the shared PGlite session', () => {
  it('refuses a job sent from inside a transaction (on PGlite it would wait for it for ever)', async () => {
    const jobs = await jobsOnTestDb(false);
    const queue = define(jobs, `tx-${unique()}`, async () => ({}));
    await jobs.send(queue.name, { warmup: true });
    let refused: unknown;
    await ctx.database.db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      refused = await queue.send({ during: 'transaction' }).catch((error: unknown) => error);
    });
    if (ctx.database.driver !== 'pglite') return;
    expect(refused).toBeInstanceOf(WaitsOnOwnTransactionError);
    // The session still answers, and nothing was queued.
    expect(await rowsOf(sql`select 1 as one`)).toEqual([{ one: 1 }]);
  });

  it('rolls back a pg-boss script that fails half-way, leaving the session usable', async () => {
    const db = bossDbFor(ctx.database.connection, () => {});
    await expect(
      db.executeSql('BEGIN; SELECT 1; SELECT * FROM no_such_table; COMMIT;'),
    ).rejects.toThrow('no_such_table');
    if (ctx.database.connection.driver !== 'pglite') return;
    expect(ctx.database.connection.client.isInTransaction()).toBe(false);
    expect(await rowsOf(sql`select 1 as one`)).toEqual([{ one: 1 }]);
  });
});

const WORKER = path.join(REPO_ROOT, 'apps/api/src/worker.ts');

describe.runIf(testDbDriver() === 'pglite')('npm run worker on the embedded database', () => {
  it('refuses with a clear message', () => {
    const result = spawnSync(process.execPath, ['--import', 'tsx', WORKER], {
      cwd: REPO_ROOT,
      env: { ...process.env, DATABASE_URL: '', LOG_LEVEL: 'silent' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('needs a PostgreSQL server: set DATABASE_URL');
  });
});

describe.runIf(testDbDriver() === 'postgres')('worker processes on PostgreSQL', () => {
  const children: ChildProcess[] = [];
  afterAll(() => {
    for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  });

  it('retries a job whose worker process was killed (SIGKILL) mid-job', async () => {
    const name = `killed-${unique()}`;
    const sender = await jobsOnTestDb(false);
    define(sender, name, async () => ({}), { expireInSeconds: 5 });
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', path.join(REPO_ROOT, 'apps/api/test/fixtures/hanging-worker.ts'), name],
      {
        cwd: REPO_ROOT,
        env: { ...process.env, JOBS_SCHEMA: ctx.env.JOBS_SCHEMA },
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    children.push(child);
    let out = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
    });
    await eventually(async () => (out.includes('ready') ? true : undefined), 30_000);
    const id = await sender.send(name, { doc: 7 });
    await eventually(async () => (out.includes(`started ${id}`) ? true : undefined), 15_000);
    child.kill('SIGKILL');
    await eventually(
      async () => (child.exitCode !== null || child.signalCode ? true : undefined),
      5000,
    );
    expect((await sender.job(name, id ?? ''))?.state).toBe('active');

    const alive = await retryingWorker(name, 5);
    const job = await completedJob(alive, name, id ?? '', 30_000);
    expect(job.output).toEqual({ ok: true, result: { retryCount: 1 } });
  }, 90_000);

  it('npm run worker works the queues and stops cleanly on SIGTERM', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', WORKER], {
      cwd: REPO_ROOT,
      env: {
        ...process.env,
        LOG_LEVEL: 'silent',
        SEED_DEMO: 'false',
        DATA_DIR: ctx.dir,
        JOBS_SCHEMA: ctx.env.JOBS_SCHEMA,
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    children.push(child);
    let out = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
    });
    await eventually(
      async () => (out.includes('working the job queues') ? true : undefined),
      45_000,
    );
    const sender = await jobsOnTestDb(false);
    const outcome = await sender.sendAndWait(RECOVER_STUCK_DOCUMENTS, {}, { timeoutMs: 20_000 });
    expect(outcome).toMatchObject({ status: 'done', result: { recovered: expect.any(Number) } });
    child.kill('SIGTERM');
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code).toBe(0);
  }, 90_000);
});
