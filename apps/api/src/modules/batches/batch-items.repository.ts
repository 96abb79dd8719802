import type { TBatchItemQuery, TBatchItemStatus } from '@bubuh/contracts';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { TDb, TTx } from '../../db/client.ts';
import { containsText, sortedPageOf } from '../../db/query.ts';
import { batchItems } from '../../db/schema.ts';
import { lowerOf } from '../../lib/sort.ts';

/** Reads of a batch's items: the detail's page and every item in some statuses, in id order. */
type TDbOrTx = TDb | TTx;

const ITEM_SORT = {
  file_name: lowerOf(batchItems.fileName),
  status: batchItems.status,
  id: batchItems.id,
} as const;

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
