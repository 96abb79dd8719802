/**
 * A batch item's moves (batches.repository `moveItem`): however many movers race for one item,
 * it moves once, and the batch's counters always equal its items' statuses; a finished item
 * gives its place to the next without the window ever being passed.
 */
import { randomUUID } from 'node:crypto';
import type { TBatchItemStatus } from '@bubuh/contracts';
import { and, count, eq, isNotNull, or } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { batches, batchItems, users } from '../src/db/schema.ts';
import * as itemsRepo from '../src/modules/batches/batch-items.repository.ts';
import * as queue from '../src/modules/batches/batch-queue.repository.ts';
import * as repo from '../src/modules/batches/batches.repository.ts';
import { type TTestContext, testContextPerFile, unique } from './helpers.ts';

let ctx: TTestContext;
testContextPerFile({}, (built) => {
  ctx = built;
});

const LIMITS = { maxFiles: 1000, maxBytes: 1_000_000 };
/** The stamp's claim the runner passes (these items have no documents: nothing is claimed). */
const STAMP_CLAIM = {
  from: 'draft',
  to: 'stamping',
  provider: 'local',
  since: new Date(0),
} as const;

const newBatch = async (status: 'draft' | 'running', items: TBatchItemStatus[]) => {
  const { db } = ctx.database;
  const [user] = await db
    .insert(users)
    .values({
      email: `${unique()}@moves.test`,
      fullName: 'Pemilik Batch',
      role: 'user',
      userType: 'personal',
      emetId: unique().slice(0, 16),
    })
    .returning({ id: users.id });
  const userId = user?.id ?? 0;
  const batch = await repo.insertBatch(db, {
    ownerUserId: userId,
    name: `Batch ${unique()}`,
    status: 'draft',
    docType: '3',
    placement: { page_mode: 'last', page: 1, x: 400, y: 60, width: 75, height: 75 },
    actor: { userId, role: 'user', companyId: null, departementId: null },
    payer: { ownerType: 'user', ownerId: userId, companyId: null },
  });
  const ids: number[] = [];
  for (const [i, itemStatus] of items.entries()) {
    const item = await repo.insertItem(
      db,
      batch.id,
      ['draft'],
      LIMITS,
      { fileName: `doc-${i}.pdf`, status: itemStatus },
      0,
    );
    ids.push(item?.id ?? 0);
  }
  await db.update(batches).set({ status }).where(eq(batches.id, batch.id));
  return { batchId: batch.id, ids };
};

/** The batch's counters beside the counts of its items per status. */
const countersAndItems = async (batchId: number) => {
  const { db } = ctx.database;
  const batch = await repo.findBatch(db, batchId);
  const rows = await db
    .select({ status: batchItems.status, n: count() })
    .from(batchItems)
    .where(eq(batchItems.batchId, batchId))
    .groupBy(batchItems.status);
  const actual = Object.fromEntries(rows.map((r) => [r.status, r.n]));
  const kept = {
    queued: batch?.countQueued,
    stamping: batch?.countStamping,
    stamped: batch?.countStamped,
    failed: batch?.countFailed,
    cancelled: batch?.countCancelled,
  };
  const counted = Object.fromEntries(
    Object.keys(kept).map((status) => [status, actual[status] ?? 0]),
  );
  return { kept, counted };
};

describe('batch item moves', () => {
  it('move an item once however many movers race for it; the counters match the items', async () => {
    const { db } = ctx.database;
    const { batchId, ids } = await newBatch('running', ['queued', 'queued', 'queued']);
    const [first = 0, second = 0, third = 0] = ids;
    // Ten claims of one item, and a claim, a stamp and a failure racing on the others.
    const claims = await Promise.all(
      Array.from({ length: 10 }, () =>
        repo.moveItem(db, first, ['queued'], 'stamping', {}, ['running']),
      ),
    );
    expect(claims.filter(Boolean)).toHaveLength(1);
    await repo.moveItem(db, second, ['queued'], 'stamping');
    const ends = await Promise.all([
      repo.moveItem(db, second, ['stamping'], 'stamped', { serial: 'SN-1', stampedAt: new Date() }),
      repo.moveItem(db, second, ['stamping'], 'failed', { reason: 'late' }),
      repo.moveItem(db, third, ['queued', 'ready'], 'cancelled'),
      repo.moveItem(db, third, ['queued'], 'stamping', {}, ['running']),
    ]);
    expect(ends.slice(0, 2).filter(Boolean)).toHaveLength(1);
    expect(ends.slice(2).filter(Boolean)).toHaveLength(1);
    const moved = ends.find((row) => row?.id === second);
    expect(moved?.status === 'stamped' ? moved.serial : moved?.reason).toBeTruthy();
    const { kept, counted } = await countersAndItems(batchId);
    expect(kept).toEqual(counted);
  });

  it('leave the item and the counters alone when the item is not in the expected status or the batch is not running', async () => {
    const { db } = ctx.database;
    const { batchId, ids } = await newBatch('draft', ['queued']);
    const [item = 0] = ids;
    expect(await repo.moveItem(db, item, ['stamping'], 'stamped')).toBeUndefined();
    expect(await repo.moveItem(db, item, ['queued'], 'stamping', {}, ['running'])).toBeUndefined();
    expect((await itemsRepo.findItem(db, item))?.status).toBe('queued');
    const { kept, counted } = await countersAndItems(batchId);
    expect(kept).toEqual(counted);
    expect(kept.queued).toBe(1);
  });

  it('never pass the window while finished groups hand their places on and fillers count it', async () => {
    const { db } = ctx.database;
    const WINDOW = 5;
    const GROUP = 2;
    const ITEMS = 30;
    const { batchId } = await newBatch('running', Array(ITEMS).fill('queued'));
    const inWindow = async () => {
      const [row] = await db
        .select({ n: count() })
        .from(batchItems)
        .where(
          and(
            eq(batchItems.batchId, batchId),
            or(
              eq(batchItems.status, 'stamping'),
              and(eq(batchItems.status, 'queued'), isNotNull(batchItems.jobId)),
            ),
          ),
        );
      return row?.n ?? 0;
    };
    let peak = 0;
    const started: number[] = [];
    const run = async (group: queue.TItemGroup): Promise<void> => {
      expect(group.ids.length).toBeLessThanOrEqual(GROUP);
      started.push(...group.ids);
      const claimed = await queue.claimGroup(db, group.ids, group.jobId, STAMP_CLAIM);
      expect(claimed?.items.map((i) => i.id).sort((a, b) => a - b)).toEqual(group.ids);
      // A filler (the sweep, a resume) counts the window while this group leaves it.
      const nextJob = randomUUID();
      const handOn = group.ids.length >= GROUP;
      const [left, filled] = await Promise.all([
        queue.finishItems(
          db,
          group.ids.map((id) => ({ id, to: 'stamped', serial: `SN-${id}`, stampedAt: new Date() })),
          nextJob,
          handOn,
        ),
        queue.claimForJobs(db, batchId, WINDOW, GROUP),
      ]);
      expect(left.moved).toBe(group.ids.length);
      peak = Math.max(peak, await inWindow());
      // As the runner: fewer places handed on than freed (a smaller group hands on none) are
      // refilled under the lock, in whole groups.
      if (left.next.length < left.moved)
        filled.push(...(await queue.claimForJobs(db, batchId, WINDOW, GROUP)));
      const next = [...(left.next.length ? [{ jobId: nextJob, ids: left.next }] : []), ...filled];
      await Promise.all(next.map(run));
    };
    await Promise.all((await queue.claimForJobs(db, batchId, WINDOW, GROUP)).map(run));
    expect(peak).toBeLessThanOrEqual(WINDOW);
    // Every item ran once, and all are stamped with their own serial.
    expect(started).toHaveLength(ITEMS);
    expect(new Set(started).size).toBe(ITEMS);
    const { kept, counted } = await countersAndItems(batchId);
    expect(kept).toEqual(counted);
    expect(counted.stamped).toBe(ITEMS);
    const items = await db.select().from(batchItems).where(eq(batchItems.batchId, batchId));
    expect(items.every((i) => i.serial === `SN-${i.id}` && i.stampedAt !== null)).toBe(true);
  });

  it('form whole groups of items queued one by one while others are in flight', async () => {
    const { db } = ctx.database;
    const { batchId } = await newBatch('running', ['queued']);
    const add = async (n: number) => {
      for (let i = 0; i < n; i += 1)
        await repo.insertItem(
          db,
          batchId,
          ['running'],
          LIMITS,
          { fileName: `late-${unique()}.pdf`, status: 'queued' },
          0,
        );
    };
    // Nothing in flight: the one item leaves alone (and the upload's lock-free hint agrees).
    expect(await queue.mayClaim(db, batchId, 16, 4)).toBe(true);
    const [first] = await queue.claimForJobs(db, batchId, 16, 4);
    expect(first?.ids).toHaveLength(1);
    // One in flight: of five queued, a whole group of four leaves; one waits.
    await add(5);
    expect(await queue.mayClaim(db, batchId, 16, 4)).toBe(true);
    const groups = await queue.claimForJobs(db, batchId, 16, 4);
    expect(groups.map((g) => g.ids.length)).toEqual([4]);
    expect(await queue.mayClaim(db, batchId, 16, 4)).toBe(false);
    expect(await queue.claimForJobs(db, batchId, 16, 4)).toEqual([]);
    // The small group finishes handing on nothing; with a group still in flight the last waits.
    await queue.claimGroup(db, first?.ids ?? [], first?.jobId ?? '', STAMP_CLAIM);
    const done = (ids: number[]) =>
      ids.map((id) => ({ id, to: 'stamped', serial: `SN-${id}`, stampedAt: new Date() }) as const);
    expect(await queue.finishItems(db, done(first?.ids ?? []), randomUUID(), false)).toMatchObject({
      moved: 1,
      next: [],
    });
    expect(await queue.claimForJobs(db, batchId, 16, 4)).toEqual([]);
    // The whole group hands its place on to the one left; nothing is left behind.
    const [whole] = groups;
    await queue.claimGroup(db, whole?.ids ?? [], whole?.jobId ?? '', STAMP_CLAIM);
    const left = await queue.finishItems(db, done(whole?.ids ?? []), randomUUID(), true);
    expect(left.next).toHaveLength(1);
    const { counted } = await countersAndItems(batchId);
    expect(counted.stamped).toBe(5);
  });

  it('give out groups of the whole window when it is smaller than a group', async () => {
    const { db } = ctx.database;
    const { batchId } = await newBatch('running', Array(5).fill('queued'));
    // A window of 3 with groups of 8: three leave as one group; the rest wait for its end.
    expect((await queue.claimForJobs(db, batchId, 3, 8)).map((g) => g.ids.length)).toEqual([3]);
    expect(await queue.mayClaim(db, batchId, 3, 8)).toBe(false);
    expect(await queue.claimForJobs(db, batchId, 3, 8)).toEqual([]);
    // With a window of 4 there is room for one more, but not for a whole group: none leaves.
    expect(await queue.mayClaim(db, batchId, 4, 8)).toBe(false);
    expect(await queue.claimForJobs(db, batchId, 4, 8)).toEqual([]);
    // With room for a whole window-sized group (6 - 3 ≥ 3), it leaves.
    expect(await queue.mayClaim(db, batchId, 6, 3)).toBe(false);
    expect(await queue.mayClaim(db, batchId, 6, 2)).toBe(true);
    expect((await queue.claimForJobs(db, batchId, 6, 2)).map((g) => g.ids.length)).toEqual([2]);
  });

  it('keep a started batch with a file left ready running until the file is queued', async () => {
    const { db } = ctx.database;
    // An upload-and-start stored it `ready` while another upload started the batch.
    const { batchId } = await newBatch('running', ['ready']);
    expect(await queue.finishIfDone(db, batchId)).toBeUndefined();
    expect(await queue.strayReadyBatchIds(db)).toContain(batchId);
    await repo.queueReadyItems(db, batchId);
    const { kept, counted } = await countersAndItems(batchId);
    expect(kept).toEqual(counted);
    expect(counted.queued).toBe(1);
    expect(await queue.strayReadyBatchIds(db)).not.toContain(batchId);
  });

  it("finish a group with each item's own outcome, and take only the items the job still holds", async () => {
    const { db } = ctx.database;
    const { batchId, ids } = await newBatch('running', ['queued', 'queued', 'queued', 'queued']);
    const [a = 0, b = 0, c = 0, d = 0] = ids;
    const [group] = await queue.claimForJobs(db, batchId, 3, 3);
    expect(group?.ids).toEqual([a, b, c]);
    // Another job id takes nothing; the right one takes its three, not the fourth.
    expect(await queue.claimGroup(db, [a, b, c, d], randomUUID(), STAMP_CLAIM)).toBeUndefined();
    const claimed = await queue.claimGroup(db, [a, b, c, d], group?.jobId ?? '', STAMP_CLAIM);
    expect(claimed?.items.map((i) => i.status)).toEqual(['stamping', 'stamping', 'stamping']);
    const at = new Date('2026-11-28T10:00:00Z');
    const nextJob = randomUUID();
    const left = await queue.finishItems(
      db,
      [
        { id: a, to: 'stamped', serial: 'SN-A', stampedAt: at },
        { id: b, to: 'failed', reason: 'Dokumen rusak' },
      ],
      nextJob,
    );
    // Two left the window: the one queued item takes one of their places.
    expect(left).toEqual({ moved: 2, next: [d] });
    const rows = new Map(
      (await db.select().from(batchItems).where(eq(batchItems.batchId, batchId))).map((r) => [
        r.id,
        r,
      ]),
    );
    expect(rows.get(a)).toMatchObject({ status: 'stamped', serial: 'SN-A', reason: null });
    expect(rows.get(a)?.stampedAt?.toISOString()).toBe(at.toISOString());
    expect(rows.get(b)).toMatchObject({ status: 'failed', serial: null, reason: 'Dokumen rusak' });
    expect(rows.get(c)?.status).toBe('stamping');
    expect(rows.get(d)).toMatchObject({ status: 'queued', jobId: nextJob });
    // The same outcomes again (a second attempt): nothing moves, nothing is handed on.
    expect(
      await queue.finishItems(db, [{ id: b, to: 'failed', reason: 'again' }], randomUUID()),
    ).toEqual({ moved: 0, next: [] });
    const { kept, counted } = await countersAndItems(batchId);
    expect(kept).toEqual(counted);
    expect(kept).toMatchObject({ queued: 1, stamping: 1, stamped: 1, failed: 1 });
  });
});
