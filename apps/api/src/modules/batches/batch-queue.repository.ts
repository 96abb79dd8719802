import { and, asc, count, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { TDb, TTx } from '../../db/client.ts';
import { firstOf } from '../../db/query.ts';
import { batches, batchItems } from '../../db/schema.ts';
import { itemMoveParts } from './batches.repository.ts';

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

/**
 * A document's item leaves the window (stamping → `to`, with the counters, as `moveItem`) and,
 * in the same statement, gives its place to the next queued item of its batch when the batch is
 * running (the locked row is its newest version: the status after any wait). So whoever counts
 * the window under the batch's lock (`claimForJobs`: start, resume, the sweep) sees both moves or
 * neither, and the window is never passed. The moved item and the next item with its new job id
 * (null when none), or undefined when the item was not stamping (another mover moved it).
 */
export const finishItem = async (
  db: TDb,
  itemId: number,
  to: 'stamped' | 'failed',
  values: Partial<typeof batchItems.$inferInsert>,
) => {
  const { locked, moved, counted } = itemMoveParts(db, itemId, 'stamping', to, values);
  const freed = db
    .select({ id: locked.id })
    .from(locked)
    .where(and(eq(locked.status, 'running'), sql`exists (select 1 from ${moved})`));
  const candidate = db
    .select({ id: batchItems.id })
    .from(batchItems)
    .where(
      and(eq(batchItems.batchId, freed), eq(batchItems.status, 'queued'), isNull(batchItems.jobId)),
    )
    .orderBy(asc(batchItems.id))
    .limit(1)
    // An item a concurrent claim holds is passed over; the one taken is re-checked as it is now.
    .for('update', { skipLocked: true });
  const handed = db.$with('next_item').as(
    db
      .update(batchItems)
      .set({ jobId: sql`gen_random_uuid()::text`, updatedAt: new Date() })
      .where(
        and(
          eq(batchItems.id, candidate),
          eq(batchItems.status, 'queued'),
          isNull(batchItems.jobId),
        ),
      )
      .returning({ id: batchItems.id, jobId: batchItems.jobId }),
  );
  const [row] = await db
    .with(locked, moved, counted, handed)
    .select()
    .from(moved)
    .leftJoin(handed, sql`true`);
  if (!row) return undefined;
  const { next_item: next } = row;
  return { item: row.moved_item, next: next?.jobId ? { id: next.id, jobId: next.jobId } : null };
};

/**
 * A document's job takes its item (queued → stamping, with the counters, as `moveItem`) while
 * its batch runs, and reads the batch with it, in one statement. The moved item and its batch,
 * or undefined when the item was not queued or the batch not running (nothing moved).
 */
export const claimItem = async (db: TDb, itemId: number) => {
  const { locked, moved, counted } = itemMoveParts(db, itemId, 'queued', 'stamping', {}, [
    'running',
  ]);
  const [row] = await db
    .with(locked, moved, counted)
    .select()
    .from(moved)
    // The batch as the statement began (its counters move in `counted`; the rest is fixed once it runs).
    .innerJoin(batches, eq(batches.id, moved.batchId));
  return row && { item: row.moved_item, batch: row.batches };
};

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
