import type { TBossDb } from './boss-db.ts';

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
export const insertActiveJobSql = (schema: string) => `
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

export type TActiveJob = { retryLimit: number; expireSeconds: number };

/** Inserts job `id` of queue `name` as started here; null when the queue is not standard. */
export const insertActiveJob = async (
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
