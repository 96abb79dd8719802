import { and, asc, count, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { TDb, TTx } from '../../db/client.ts';
import { firstOf } from '../../db/query.ts';
import { batches, batchItems } from '../../db/schema.ts';

type TDbOrTx = TDb | TTx;

// The runner's SQL: which documents of running batches get a job, and which were lost.

/**
 * Gives up to `limit` queued items of a running batch a job id (the caller then sends their
 * jobs), keeping at most `window` of its items in the queue or stamping at once.
 */
export const claimForJobs = async (db: TDb, batchId: number, window: number) =>
  db.transaction(async (tx) => {
    const [batch] = await tx
      .select()
      .from(batches)
      .where(and(eq(batches.id, batchId), eq(batches.status, 'running')))
      .for('update');
    if (!batch) return [];
    const [inFlight] = await tx
      .select({ n: count() })
      .from(batchItems)
      .where(
        and(
          eq(batchItems.batchId, batchId),
          or(
            eq(batchItems.status, 'stamping'),
            and(eq(batchItems.status, 'queued'), sql`${batchItems.jobId} is not null`),
          ),
        ),
      );
    const room = window - (inFlight?.n ?? 0);
    if (room <= 0) return [];
    const next = tx
      .select({ id: batchItems.id })
      .from(batchItems)
      .where(
        and(
          eq(batchItems.batchId, batchId),
          eq(batchItems.status, 'queued'),
          isNull(batchItems.jobId),
        ),
      )
      .orderBy(asc(batchItems.id))
      .limit(room);
    // The next items and their job ids (new UUIDs, as pg-boss's) in one statement.
    const claimed = await tx
      .update(batchItems)
      .set({ jobId: sql`gen_random_uuid()::text`, updatedAt: new Date() })
      .where(inArray(batchItems.id, next))
      .returning({ id: batchItems.id, jobId: batchItems.jobId });
    return claimed
      .flatMap(({ id, jobId }) => (jobId ? [{ id, jobId }] : []))
      .sort((a, b) => a.id - b.id);
  });

/** Queued items whose job was given out before `before` (their job may have been lost). */
export const staleQueued = (db: TDbOrTx, before: Date) =>
  db
    .select({ id: batchItems.id, batchId: batchItems.batchId, jobId: batchItems.jobId })
    .from(batchItems)
    .innerJoin(batches, eq(batches.id, batchItems.batchId))
    .where(
      and(
        eq(batches.status, 'running'),
        eq(batchItems.status, 'queued'),
        sql`${batchItems.jobId} is not null`,
        lt(batchItems.updatedAt, before),
      ),
    )
    .limit(1000);

/** Items still `stamping` since before `before` (every retry of their job is long over). */
export const staleStamping = (db: TDbOrTx, before: Date) =>
  db
    .select({ id: batchItems.id, batchId: batchItems.batchId, documentId: batchItems.documentId })
    .from(batchItems)
    .where(and(eq(batchItems.status, 'stamping'), lt(batchItems.updatedAt, before)))
    .limit(1000);

export const runningBatchIds = async (db: TDbOrTx) =>
  (await db.select({ id: batches.id }).from(batches).where(eq(batches.status, 'running'))).map(
    (r) => r.id,
  );

/** A running batch with nothing queued or stamping is done (once: conditional). */
export const finishIfDone = (db: TDbOrTx, batchId: number) =>
  firstOf(
    db
      .update(batches)
      .set({ status: 'done', finishedAt: new Date(), updatedAt: new Date() })
      .where(
        and(
          eq(batches.id, batchId),
          eq(batches.status, 'running'),
          eq(batches.countQueued, 0),
          eq(batches.countStamping, 0),
        ),
      )
      .returning(),
  );

/** Releases the job of a queued item (its batch was paused): resume gives it a new one. */
export const releaseJob = async (db: TDbOrTx, itemId: number) => {
  await db
    .update(batchItems)
    .set({ jobId: null })
    .where(and(eq(batchItems.id, itemId), eq(batchItems.status, 'queued')));
};
