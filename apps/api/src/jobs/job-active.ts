import type PgBoss from 'pg-boss';
import type { TBossDb } from './boss-db.ts';
import { executeJob, type TExecuteDeps, withinSeconds } from './job-execute.ts';
import type { TSlot } from './job-slots.ts';
import type { TJobData, TJobInfo } from './job-types.ts';

/**
 * A job inserted already `active`, started by this process, instead of inserted `created` and
 * then fetched by a worker (`FOR UPDATE SKIP LOCKED` over the queue: the costliest of a job's
 * statements, planned for its values every time, and often run once more for nothing).
 *
 * The row is the one pg-boss 10 writes (`plans.js` insertJob, with the queue's settings:
 * retries, backoff, expiry, retention, dead letter), with `state = 'active'` and `started_on`
 * as its fetch sets them, so pg-boss treats it as a fetched job: completed or failed by id
 * (`complete`/`fail`), and if this process dies, expired by maintenance and retried by any
 * worker like every other job whose worker died. Only for queues of the `standard` policy
 * (`stately` and `singleton` queues gate their fetch by key, which this would bypass).
 */
export const PG_BOSS_STATEMENTS_COPIED = {
  /** sha256 of pg-boss's `plans.insertJob('pgboss')`, the row this insert writes. */
  insertJob: '9a0c651684d0d2e5ad8c8a66e06b59fa8f4a852955fea5ca14d88e2076e12d82',
  /** sha256 of its `plans.fetchNextJob('pgboss')({ includeMetadata: true })`: what a fetch sets. */
  fetchNextJob: '03e8aac642ea3719d81dfa3d7af365c988322f4144b634e04ca41d0fd2ab5b5c',
};

/**
 * When pg-boss changes either statement, `test/jobs.test.ts` fails: re-read them, bring this
 * insert in line, then update the hashes above.
 */
const insertActiveJobSql = (schema: string) => `
  INSERT INTO ${schema}.job (
    id, name, data, state, started_on, priority, start_after, expire_in, keep_until,
    retry_limit, retry_delay, retry_backoff, policy, dead_letter
  )
  SELECT
    $1::uuid, q.name, $3::jsonb, 'active', now(), 0, now(),
    COALESCE(q.expire_seconds * interval '1s', interval '15 minutes'),
    now() + COALESCE(q.retention_minutes * interval '1 minute', interval '14 days'),
    COALESCE(q.retry_limit, 2),
    CASE WHEN COALESCE(q.retry_backoff, false)
      THEN GREATEST(COALESCE(q.retry_delay, 0), 1) ELSE COALESCE(q.retry_delay, 0) END,
    COALESCE(q.retry_backoff, false),
    q.policy,
    q.dead_letter
  FROM ${schema}.queue q
  WHERE q.name = $2 AND q.policy = 'standard'
  ON CONFLICT DO NOTHING
  RETURNING retry_limit, extract(epoch from expire_in)::int AS expire_seconds
`;

type TActiveJob = { retryLimit: number; expireSeconds: number };

/** Inserts job `id` of queue `name` as started here; null when the queue is not standard. */
const insertActiveJob = async (
  db: TBossDb,
  sql: string,
  name: string,
  id: string,
  data: object,
): Promise<TActiveJob | null> => {
  const { rows } = await db.executeSql(sql, [id, name, JSON.stringify(data)]);
  const row = rows[0] as { retry_limit: number; expire_seconds: number } | undefined;
  return row ? { retryLimit: row.retry_limit, expireSeconds: row.expire_seconds } : null;
};

type TQueueHere = {
  name: string;
  options: { policy?: string };
  slots: TSlot[];
  run: (data: TJobData, job: TJobInfo) => Promise<unknown>;
};

/**
 * Runs waited-for jobs in this process (see `insertActiveJobSql`): `idleSlot` picks one of a
 * queue's idle workers, `run` lends its slot to the job; that worker's own fetched job waits
 * for the slot (`jobs.ts` workerOf), so a queue never runs more than its concurrency here.
 * The spare workers' slots are lent first: the queue's first worker polls most often, and a
 * job it fetched into a lent slot would wait.
 */
export const createRunHere = (deps: {
  db: TBossDb;
  schema: string;
  boss: Pick<PgBoss, 'complete' | 'fail'>;
  execute: TExecuteDeps;
  log: { error: (obj: object, msg: string) => void };
  started: () => boolean;
  /** The process's count of handlers running (shutdown waits for it to reach 0). */
  running: (delta: 1 | -1) => void;
  /** The slot is free again (job-slots.ts `finished`). */
  finished: (queue: TQueueHere, slot: TSlot) => void;
}) => {
  const sql = insertActiveJobSql(deps.schema);

  const idleSlot = (queue: TQueueHere) => {
    if (!deps.started() || (queue.options.policy ?? 'standard') !== 'standard') return undefined;
    for (let i = queue.slots.length - 1; i >= 0; i -= 1) {
      const slot = queue.slots[i];
      if (slot && !slot.running && !slot.lent && !slot.waiting) return slot;
    }
    return undefined;
  };

  /** The job's id once it runs here; null when the queue refused it (not `standard`). */
  const run = async (queue: TQueueHere, slot: TSlot, id: string, data: TJobData) => {
    // The slot is taken before the insert: its worker, fetching meanwhile, waits for it.
    let release = () => {};
    slot.lent = new Promise<void>((resolve) => {
      release = resolve;
    });
    slot.running = true;
    deps.running(1);
    const free = () => {
      slot.lent = undefined;
      deps.finished(queue, slot);
      release();
    };
    let active: TActiveJob | null = null;
    try {
      active = await insertActiveJob(deps.db, sql, queue.name, id, data);
    } finally {
      // Not run here: refused, failed, or the process stops (an inserted job then expires and
      // is retried by a worker, as when its process dies).
      if (!active || !deps.started()) {
        deps.running(-1);
        free();
      }
    }
    if (!active) return null;
    if (!deps.started()) return id;
    const info = { id, queue: queue.name, retryCount: 0, retryLimit: active.retryLimit };
    const attempt = executeJob(queue.run, data, info, deps.execute);
    // Counted while the handler runs, even past its expiry (as a pg-boss worker's handler is).
    attempt.then(
      () => deps.running(-1),
      () => deps.running(-1),
    );
    // As pg-boss's worker does: the slot is free once the attempt has ended (or outlived its
    // expiry), then the job is completed with the envelope or the attempt failed (retried after
    // its delay), not awaited; the waiter here has heard already.
    const outcome = withinSeconds(attempt, active.expireSeconds);
    outcome.then(free, free);
    outcome
      .then(
        (envelope) => deps.boss.complete(queue.name, id, envelope),
        (error: unknown) => deps.boss.fail(queue.name, id, error as object),
      )
      .catch((err: unknown) =>
        deps.log.error({ err, queue: queue.name, jobId: id }, 'saving a job state failed'),
      );
    return id;
  };

  return { idleSlot, run };
};
