import type { TBatchItemQuery, TBatchItemStatus } from '@bubuh/contracts';
import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { TDb, TTx } from '../../db/client.ts';
import { containsText, firstOf, sortedPageOf } from '../../db/query.ts';
import { batches, batchItems } from '../../db/schema.ts';
import { lowerOf } from '../../lib/sort.ts';

/**
 * Reads of a batch's items: one item, the batch's bytes, the detail's page and every item in some
 * statuses, in id order.
 */
type TDbOrTx = TDb | TTx;

const ITEM_SORT = {
  file_name: lowerOf(batchItems.fileName),
  status: batchItems.status,
  id: batchItems.id,
} as const;

export const findItem = (db: TDbOrTx, id: number) =>
  firstOf(db.select().from(batchItems).where(eq(batchItems.id, id)));

/** The uploaded bytes of a batch's files (kept on its row by `insertItem` and `deleteItem`). */
export const batchBytes = async (db: TDbOrTx, batchId: number) => {
  const [row] = await db
    .select({ n: batches.bytesTotal })
    .from(batches)
    .where(eq(batches.id, batchId));
  return row?.n ?? 0;
};

export const itemsPage = async (db: TDbOrTx, batchId: number, query: TBatchItemQuery) => {
  const where = and(
    eq(batchItems.batchId, batchId),
    query.status ? eq(batchItems.status, query.status) : undefined,
    containsText(batchItems.fileName, query.search),
  );
  return sortedPageOf(db, batchItems, db.select().from(batchItems).$dynamic(), {
    where,
    query,
    columns: ITEM_SORT,
    fallback: [asc(batchItems.id)],
  });
};

/** Every item of a batch in a status (the ZIP and the report read them in pages of 500). */
export const itemsAfter = (
  db: TDbOrTx,
  batchId: number,
  afterId: number,
  statuses: TBatchItemStatus[],
) =>
  db
    .select()
    .from(batchItems)
    .where(
      and(
        eq(batchItems.batchId, batchId),
        inArray(batchItems.status, statuses),
        sql`${batchItems.id} > ${afterId}`,
      ),
    )
    .orderBy(asc(batchItems.id))
    .limit(500);

/**
 * How many of the batch's documents being stamped already hold a unit of `kind` (reserved, or
 * spent before the item moved on): off the payer's balance already, so not needed again.
 * As SQL (for a statement over the batch's row, `batchId` its id column) or read.
 */
export const unitsTakenSql = (batchId: SQL | number, kind: 'emeterai' | 'esign'): SQL<number> =>
  // Aliased by hand: inside an UPDATE of `batches` Drizzle writes columns without their table.
  sql<number>`(select count(distinct i.document_id) from batch_items i join unit_reservations r on r.document_id = i.document_id and r.kind = ${kind} and r.state <> 'released' where i.batch_id = ${batchId} and i.status = 'stamping')::int`;

export const unitsTaken = async (db: TDbOrTx, batchId: number, kind: 'emeterai' | 'esign') => {
  const [row] = await db.select({ n: unitsTakenSql(batchId, kind) }).from(sql`(select 1) one`);
  return row?.n ?? 0;
};

/** The first `limit` of a batch's stamped files not filed in the locker, with why (in id order). */
export const unfiledItems = (db: TDbOrTx, batchId: number, limit: number) =>
  db
    .select({ fileName: batchItems.fileName, problem: batchItems.lockerProblem })
    .from(batchItems)
    .where(and(eq(batchItems.batchId, batchId), sql`${batchItems.lockerProblem} is not null`))
    .orderBy(asc(batchItems.id))
    .limit(limit);
