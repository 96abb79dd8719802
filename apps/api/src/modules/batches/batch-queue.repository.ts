import { randomUUID } from 'node:crypto';
import type { TLockerFilingProblem } from '@bubuh/contracts';
import {
  and,
  asc,
  count,
  eq,
  inArray,
  isNull,
  lt,
  or,
  type SQL,
  type SQLWrapper,
  sql,
} from 'drizzle-orm';
import type { TDb, TTx } from '../../db/client.ts';
import { firstOf } from '../../db/query.ts';
import { batches, batchItems, documents } from '../../db/schema.ts';
import { claimManyForStamp, type TStampClaim } from '../document-work/index.ts';
import { itemMoveParts } from './batches.repository.ts';

type TDbOrTx = TDb | TTx;

// The runner's SQL: which documents of running batches get a job, and which were lost.

/** A batch's queued items that no job holds yet (`batchId`: an id or a subquery giving one). */
const queuedWithoutJob = (batchId: number | SQLWrapper) =>
  and(eq(batchItems.batchId, batchId), eq(batchItems.status, 'queued'), isNull(batchItems.jobId));

/** Items of one batch that one job stamps together (its id, the items' `job_id`). */
export type TItemGroup = { jobId: string; ids: number[] };

/**
 * Gives up to `window` minus those in flight queued items of a running batch their jobs, in
 * groups of at most `group` items sharing one job id (new UUIDs, as pg-boss's); the caller then
 * sends one job per group. At most `window` of the batch's items are ever in the queue or
 * stamping at once. While some are in flight only whole groups leave (`group` items, or the
 * whole window when smaller): items queued one by one (uploads into a running batch) wait to fill
 * a group, or for the last group in flight to finish. So `window` is best a multiple of `group`.
 */
export const claimForJobs = async (db: TDb, batchId: number, window: number, group: number) =>
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
    const held = inFlight?.n ?? 0;
    const room = window - held;
    if (room <= 0) return [];
    const next = await tx
      .select({ id: batchItems.id })
      .from(batchItems)
      .where(queuedWithoutJob(batchId))
      .orderBy(asc(batchItems.id))
      .limit(room);
    // A whole group: `group` items, or the whole window when that is smaller.
    const unit = Math.min(group, window);
    const take = held > 0 ? next.length - (next.length % unit) : next.length;
    const groups: TItemGroup[] = [];
    for (let at = 0; at < take; at += group) {
      const ids = next.slice(at, at + group).map((r) => r.id);
      const jobId = randomUUID();
      await tx
        .update(batchItems)
        .set({ jobId, updatedAt: new Date() })
        .where(inArray(batchItems.id, ids));
      groups.push({ jobId, ids });
    }
    return groups;
  });

/**
 * Whether `claimForJobs` could give out a group now, read without the batch's lock (one
 * statement on the items' index): a hint to skip it for an item queued into a running batch.
 * Skipping is safe: a group in flight finishes later, and when it hands on fewer places than it
 * freed (its statement's snapshot may predate this item) the runner pumps under the lock.
 */
export const mayClaim = async (db: TDb, batchId: number, window: number, group: number) => {
  const [row] = await db
    .select({
      held: sql<number>`count(*) filter (where ${batchItems.status} = 'stamping' or ${batchItems.jobId} is not null)`.mapWith(
        Number,
      ),
      waiting:
        sql<number>`count(*) filter (where ${batchItems.status} = 'queued' and ${batchItems.jobId} is null)`.mapWith(
          Number,
        ),
    })
    .from(batchItems)
    .where(
      and(eq(batchItems.batchId, batchId), inArray(batchItems.status, ['queued', 'stamping'])),
    );
  const { held = 0, waiting = 0 } = row ?? {};
  const unit = Math.min(group, window);
  return held === 0 ? waiting > 0 : window - held >= unit && waiting >= unit;
};

/** How a document's item ended: stamped with its serial, or failed with the reason. */
export type TItemOutcome =
  | { id: number; to: 'stamped'; serial: string; stampedAt: Date }
  | { id: number; to: 'failed'; reason: string };

/** `case id when <id> then <value> … else <otherwise> end` over some outcomes. */
const byItem = <O extends TItemOutcome>(outcomes: O[], value: (o: O) => unknown, otherwise: SQL) =>
  outcomes.length === 0
    ? otherwise
    : sql`case ${batchItems.id} ${sql.join(
        outcomes.map((o) => sql`when ${o.id}::int then ${value(o)}`),
        sql` `,
      )} else ${otherwise} end`;

/**
 * A job's finished items (of one batch) leave the window in one statement: each moves from
 * stamping to its outcome (with the batch's counters), and, with `handOn`, as many queued items
 * as moved take their places as the next group, sharing the new job id `nextJobId`, when the
 * batch is running (the locked row is its newest version: the status after any wait). So whoever
 * counts the window under the batch's lock (`claimForJobs`: start, resume, the sweep) sees both
 * moves or neither, and the window is never passed. How many items moved (fewer than given when
 * another mover moved some) and the ids of the next group (empty when none). The runner hands on
 * from whole groups only: a smaller group's places are refilled by `claimForJobs`, in whole groups.
 */
export const finishItems = async (
  db: TDb,
  outcomes: TItemOutcome[],
  nextJobId: string,
  handOn = true,
) => {
  const stamped = outcomes.filter((o) => o.to === 'stamped');
  const { locked, moved } = itemMoveParts(
    db,
    outcomes.map((o) => o.id),
    'stamping',
    // Replaced item by item below; the statuses the counters count.
    'stamped',
    {
      status: byItem(outcomes, (o) => o.to, sql`${batchItems.status}`),
      serial: byItem(stamped, (o) => o.serial, sql`${batchItems.serial}`),
      stampedAt: byItem(stamped, (o) => o.stampedAt.toISOString(), sql`${batchItems.stampedAt}`),
      reason: byItem(
        outcomes,
        (o) => (o.to === 'failed' ? o.reason : null),
        sql`${batchItems.reason}`,
      ),
    },
  );
  const movedTo = (status: 'stamped' | 'failed') =>
    sql`(select count(*) from ${moved} where ${moved.status} = ${status})`;
  const counted = db.$with('counted_batch').as(
    db
      .update(batches)
      .set({
        countStamping: sql`${batches.countStamping} - (select count(*) from ${moved})`,
        countStamped: sql`${batches.countStamped} + ${movedTo('stamped')}`,
        countFailed: sql`${batches.countFailed} + ${movedTo('failed')}`,
        updatedAt: new Date(),
      })
      .where(inArray(batches.id, db.select({ id: moved.batchId }).from(moved)))
      .returning({ id: batches.id }),
  );
  const freed = db
    .select({ id: locked.id })
    .from(locked)
    .where(and(eq(locked.status, 'running'), sql`exists (select 1 from ${moved})`));
  // The next items, as many as moved (an item a concurrent claim holds is passed over).
  const candidate = db.$with('next_candidate').as(
    db
      .select({ id: batchItems.id })
      .from(batchItems)
      .where(queuedWithoutJob(freed))
      .orderBy(asc(batchItems.id))
      // An SQL limit (drizzle types `limit` as a number or a placeholder; it renders any SQL).
      .limit(handOn ? (sql`(select count(*) from ${moved})` as unknown as number) : 0)
      .for('update', { skipLocked: true }),
  );
  const handed = db.$with('next_item').as(
    db
      .update(batchItems)
      .set({ jobId: nextJobId, updatedAt: new Date() })
      .where(
        and(
          // Those taken are re-checked as they are now.
          inArray(batchItems.id, db.select({ id: candidate.id }).from(candidate)),
          eq(batchItems.status, 'queued'),
          isNull(batchItems.jobId),
        ),
      )
      .returning({ id: batchItems.id }),
  );
  const [row] = await db
    .with(locked, moved, counted, candidate, handed)
    .select({
      moved: sql<number>`(select count(*) from ${moved})`.mapWith(Number),
      next: sql<string>`(select coalesce(string_agg(${handed.id}::text, ',' order by ${handed.id}), '') from ${handed})`,
    })
    .from(sql`(select 1) as one`);
  const next = row?.next ? row.next.split(',').map(Number) : [];
  return { moved: row?.moved ?? 0, next };
};

/**
 * A job takes its items (queued → stamping, with the counters, as `moveItem`) while their batch
 * runs, and reads the batch with them, in one statement. Only items still held by this job
 * move. In a batch without an e-signature box, the same statement also makes the stamp's claim
 * of their documents (`claim`: from rest to `stamping`, with the serial each may use again), so
 * the stamp of each does not claim it again. The moved items, their documents by id (as they
 * were before the claim) and their batch, and the claims by document id; undefined when none
 * moved.
 */
export const claimGroup = async (db: TDb, itemIds: number[], jobId: string, claim: TStampClaim) => {
  const { locked, moved, counted } = itemMoveParts(
    db,
    itemIds,
    'queued',
    'stamping',
    {},
    ['running'],
    eq(batchItems.jobId, jobId),
  );
  const claimed = claimManyForStamp(
    db,
    db
      .select({ id: moved.documentId })
      .from(moved)
      .innerJoin(batches, and(eq(batches.id, moved.batchId), isNull(batches.esign))),
    claim,
  );
  const rows = await db
    .with(locked, moved, counted, claimed)
    .select()
    .from(moved)
    // The batch as the statement began (its counters move in `counted`; the rest is fixed once it runs).
    .innerJoin(batches, eq(batches.id, moved.batchId))
    // Each item's document as the statement began: the stamp does not read it again.
    .leftJoin(documents, eq(documents.id, moved.documentId))
    .leftJoin(claimed, eq(claimed.id, moved.documentId));
  const [first] = rows;
  return (
    first && {
      items: rows.map((r) => r.moved_item),
      documents: new Map(rows.flatMap((r) => (r.documents ? [[r.documents.id, r.documents]] : []))),
      claims: new Map(
        rows.flatMap((r) =>
          r.claimed_document
            ? [[r.claimed_document.id, { reusableSerialId: r.claimed_document.reusableSerialId }]]
            : [],
        ),
      ),
      batch: first.batches,
    }
  );
};

/** Items by id with their batch, in one statement. */
export const itemsWithBatch = (db: TDbOrTx, ids: number[]) =>
  db
    .select({ item: batchItems, batch: batches })
    .from(batchItems)
    .innerJoin(batches, eq(batches.id, batchItems.batchId))
    .where(inArray(batchItems.id, ids));

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

/**
 * A running batch with nothing ready, queued or stamping is done (once: conditional). A file an
 * upload-and-start stored `ready` while another started the batch keeps it running until queued.
 */
export const finishIfDone = (db: TDbOrTx, batchId: number) =>
  firstOf(
    db
      .update(batches)
      .set({ status: 'done', finishedAt: new Date(), updatedAt: new Date() })
      .where(
        and(
          eq(batches.id, batchId),
          eq(batches.status, 'running'),
          eq(batches.countReady, 0),
          eq(batches.countQueued, 0),
          eq(batches.countStamping, 0),
        ),
      )
      .returning(),
  );

/** Started batches holding `ready` files (an upload-and-start that did not get to queue them). */
export const strayReadyBatchIds = async (db: TDbOrTx) =>
  (
    await db
      .select({ id: batches.id })
      .from(batches)
      .where(and(inArray(batches.status, ['running', 'paused']), sql`${batches.countReady} > 0`))
  ).map((r) => r.id);

/** Releases a job's queued items (their batch was paused): resume gives them a new one. */
export const releaseJobs = async (db: TDbOrTx, itemIds: number[], jobId: string) => {
  await db
    .update(batchItems)
    .set({ jobId: null })
    .where(
      and(
        inArray(batchItems.id, itemIds),
        eq(batchItems.status, 'queued'),
        eq(batchItems.jobId, jobId),
      ),
    );
};

/** How the locker filing of a stamped item went: why it was not filed, or null (filed). */
export type TItemFiling = { id: number; problem: TLockerFilingProblem | null };

/**
 * Records on a batch's items why their stamped documents were not filed in the locker (null
 * clears it: a later filing succeeded), and moves the batch's `count_unfiled` by as many as
 * changed, in one transaction under the batch's row lock (taken first, as every item move does),
 * so the count always matches the items.
 */
export const recordFilings = (db: TDb, batchId: number, filings: TItemFiling[]) =>
  db.transaction(async (tx) => {
    if (filings.length === 0) return;
    await tx
      .select({ id: batches.id })
      .from(batches)
      .where(eq(batches.id, batchId))
      .for('no key update');
    const before = await tx
      .select({ id: batchItems.id, problem: batchItems.lockerProblem })
      .from(batchItems)
      .where(
        and(
          eq(batchItems.batchId, batchId),
          inArray(
            batchItems.id,
            filings.map((f) => f.id),
          ),
        ),
      );
    const was = new Map(before.map((r) => [r.id, r.problem]));
    const changed = filings.filter((f) => was.has(f.id) && was.get(f.id) !== f.problem);
    if (changed.length === 0) return;
    const byProblem = new Map<TLockerFilingProblem | null, number[]>();
    for (const f of changed) byProblem.set(f.problem, [...(byProblem.get(f.problem) ?? []), f.id]);
    for (const [problem, ids] of byProblem)
      await tx
        .update(batchItems)
        .set({ lockerProblem: problem, updatedAt: new Date() })
        .where(inArray(batchItems.id, ids));
    const delta = changed.reduce(
      (n, f) => n + (f.problem === null ? -1 : 0) + ((was.get(f.id) ?? null) === null ? 1 : 0),
      0,
    );
    if (delta !== 0)
      await tx
        .update(batches)
        .set({ countUnfiled: sql`${batches.countUnfiled} + ${delta}`, updatedAt: new Date() })
        .where(eq(batches.id, batchId));
  });
