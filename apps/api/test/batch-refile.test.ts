/**
 * A batch files its stamped documents in the locker after the group's stamps: when a process
 * dies between a document's stamp and its filing, the retried job finds the document stamped
 * and files it then, so no stamped result is missing from the batch's locker folder.
 */
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { batches, batchItems, lockerItems } from '../src/db/schema.ts';
import { addBatchPdf, batchDetail, createBatch, runBatchToEnd } from './batch-helpers.ts';
import { newDepartmentUser } from './documents-helpers.ts';
import { type TTestContext, testContextPerFile } from './helpers.ts';
import { grantLocker, lockerListing } from './locker-helpers.ts';

let ctx: TTestContext;
testContextPerFile({}, (built) => {
  ctx = built;
});

describe('a batch document stamped by an attempt that died before filing it', () => {
  it('is filed in the batch folder by the retried job, once', async () => {
    const { session, ref } = await newDepartmentUser(ctx, 3);
    await grantLocker(ctx, ref.companyId);
    const batch = await createBatch(ctx, session);
    await addBatchPdf(ctx, session, batch.id, 'satu.pdf');
    await addBatchPdf(ctx, session, batch.id, 'dua.pdf');
    const done = await runBatchToEnd(ctx, session, batch.id);
    const folderFiles = async () => {
      const root = await lockerListing(ctx, session);
      const folder = root.items.find((i) => i.name === done.batch.name);
      const inside = await lockerListing(
        ctx,
        session,
        `/api/v1/file-manager/folder/${folder?.file_manager_id}`,
      );
      return inside.items.map((i) => i.name).sort();
    };
    expect(await folderFiles()).toEqual(['dua.pdf', 'satu.pdf']);

    // As a process that died after storing the stamp of `dua.pdf` leaves it: the item still
    // `stamping` under its job, the document stamped, nothing in the locker.
    const { db } = ctx.database;
    const [item] = await db
      .select()
      .from(batchItems)
      .where(and(eq(batchItems.batchId, batch.id), eq(batchItems.fileName, 'dua.pdf')));
    if (!item?.documentId || !item.jobId) throw new Error('no stamped item');
    await db.delete(lockerItems).where(eq(lockerItems.documentId, item.documentId));
    await db
      .update(batchItems)
      .set({ status: 'stamping', serial: null })
      .where(eq(batchItems.id, item.id));
    await db
      .update(batches)
      .set({
        status: 'running',
        finishedAt: null,
        countStamped: sql`${batches.countStamped} - 1`,
        countStamping: sql`${batches.countStamping} + 1`,
      })
      .where(eq(batches.id, batch.id));
    expect(await folderFiles()).toEqual(['satu.pdf']);

    // Its job runs again (pg-boss's retry of the same job).
    await ctx.app.batchRunner.runGroup(
      { batchId: batch.id, itemIds: [item.id] },
      { id: item.jobId, queue: 'batch-stamp-item', retryCount: 1, retryLimit: 3 },
    );
    expect(await folderFiles()).toEqual(['dua.pdf', 'satu.pdf']);
    const [after] = await db.select().from(batchItems).where(eq(batchItems.id, item.id));
    expect(after?.status).toBe('stamped');
    expect(after?.serial).toBe(done.data.find((d) => d.file_name === 'dua.pdf')?.serial_number);
    // The batch is done again; filing once more changes nothing.
    const again = await batchDetail(ctx, session, batch.id);
    expect([again.batch.status, again.batch.counts.stamped]).toEqual(['done', 2]);
    await ctx.app.batchRunner.runGroup(
      { batchId: batch.id, itemIds: [item.id] },
      { id: item.jobId, queue: 'batch-stamp-item', retryCount: 2, retryLimit: 3 },
    );
    expect(await folderFiles()).toEqual(['dua.pdf', 'satu.pdf']);
  });
});
