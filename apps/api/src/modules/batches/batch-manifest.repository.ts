import { and, eq, inArray } from 'drizzle-orm';
import type { TDb } from '../../db/client.ts';
import { batches, batchItems } from '../../db/schema.ts';

export type TItemOverrides = {
  docType: string | null;
  docValue: number | null;
  docNumber: string | null;
  docDate: string | null;
};

/** The ids of a batch's items by file name (a name uploaded twice has several). */
export const itemIdsByName = async (db: TDb, batchId: number) => {
  const rows = await db
    .select({ id: batchItems.id, fileName: batchItems.fileName })
    .from(batchItems)
    .where(eq(batchItems.batchId, batchId));
  const byName = new Map<string, number[]>();
  for (const row of rows) byName.set(row.fileName, [...(byName.get(row.fileName) ?? []), row.id]);
  return byName;
};

/**
 * Stores the overrides of a manifest on its items, under the batch's row lock and only while the
 * batch is a draft (a batch that has just started keeps its values). False when refused.
 */
export const storeOverrides = (
  db: TDb,
  batchId: number,
  overrides: { itemIds: number[]; values: TItemOverrides }[],
) =>
  db.transaction(async (tx) => {
    const [locked] = await tx
      .select({ id: batches.id })
      .from(batches)
      .where(and(eq(batches.id, batchId), eq(batches.status, 'draft')))
      .for('update');
    if (!locked) return false;
    for (const { itemIds, values } of overrides) {
      await tx
        .update(batchItems)
        .set({ ...values, updatedAt: new Date() })
        .where(and(eq(batchItems.batchId, batchId), inArray(batchItems.id, itemIds)));
    }
    return true;
  });
