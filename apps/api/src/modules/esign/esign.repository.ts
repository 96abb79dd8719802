import type { TEsignQuery, TEsignSortKey } from '@bubuh/contracts';
import { and, asc, eq, ne } from 'drizzle-orm';
import type { TDb, TTx } from '../../db/client.ts';
import { insertWithinLimit, lockLimit } from '../../db/count-limit.ts';
import { containsText, countWhere, firstOf, insertOne, sortedPageOf } from '../../db/query.ts';
import { esignSpecimens, users } from '../../db/schema.ts';
import { lowerOf, type TSortColumns } from '../../lib/sort.ts';

export type TSpecimenRow = typeof esignSpecimens.$inferSelect;
type TDbOrTx = TDb | TTx;
type TNewSpecimen = Omit<typeof esignSpecimens.$inferInsert, 'id' | 'isDefault' | 'userId'>;

const SORT_COLUMNS: TSortColumns<TEsignSortKey> = {
  name: lowerOf(esignSpecimens.name),
  source: esignSpecimens.source,
  default: esignSpecimens.isDefault,
  created: esignSpecimens.createdAt,
};
/** Default order of the list: oldest first (as it always was). */
const DEFAULT_ORDER = [asc(esignSpecimens.id)];

const countOf = (db: TDbOrTx, userId: number) =>
  countWhere(db, esignSpecimens, eq(esignSpecimens.userId, userId));

/**
 * SQL of the e-sign specimens. Specimens belong to a user; the company scope is checked through
 * the owner (`companyOfUser`) before another user's specimens are read. Writers of one user's
 * specimens take the user's `specimens` limit lock, so the count limit and the one default hold
 * under parallel requests (the partial unique index esign_specimens_one_default_uq backs it).
 */

export const companyOfUser = (db: TDbOrTx, userId: number) =>
  firstOf(db.select({ companyId: users.companyId }).from(users).where(eq(users.id, userId)));

/** One page of the user's specimens, in the validated `sort`/`order` of the request. */
export const page = async (db: TDbOrTx, userId: number, query: TEsignQuery) => {
  const where = and(
    eq(esignSpecimens.userId, userId),
    containsText(esignSpecimens.name, query.search),
  );
  return sortedPageOf(db, esignSpecimens, db.select().from(esignSpecimens).$dynamic(), {
    where,
    query,
    columns: SORT_COLUMNS,
    fallback: DEFAULT_ORDER,
  });
};

export const findOwn = (db: TDbOrTx, userId: number, id: number) =>
  firstOf(
    db
      .select()
      .from(esignSpecimens)
      .where(and(eq(esignSpecimens.id, id), eq(esignSpecimens.userId, userId))),
  );

export const findById = (db: TDbOrTx, id: number) =>
  firstOf(db.select().from(esignSpecimens).where(eq(esignSpecimens.id, id)));

/** Inserts below `limit`; the first specimen (none default yet) becomes the default. */
export const insert = (
  db: TDb,
  userId: number,
  limit: number,
  values: (used: number) => TNewSpecimen,
  refuse: (limit: number) => Error,
) =>
  insertWithinLimit(db, {
    scope: 'specimens',
    ownerId: userId,
    limit,
    count: (tx) => countOf(tx, userId),
    refuse,
    insert: async (tx, used) => {
      const [current] = await tx
        .select({ id: esignSpecimens.id })
        .from(esignSpecimens)
        .where(and(eq(esignSpecimens.userId, userId), eq(esignSpecimens.isDefault, true)));
      return insertOne(tx, esignSpecimens, {
        ...values(used),
        userId,
        isDefault: current === undefined,
      });
    },
  });

export const update = (
  db: TDb,
  userId: number,
  id: number,
  patch: { name?: string | undefined; isDefault: boolean },
) =>
  db.transaction(async (tx) => {
    await lockLimit(tx, 'specimens', userId);
    if (patch.isDefault) {
      await tx
        .update(esignSpecimens)
        .set({ isDefault: false })
        .where(and(eq(esignSpecimens.userId, userId), ne(esignSpecimens.id, id)));
    }
    await tx
      .update(esignSpecimens)
      .set({
        ...(patch.name ? { name: patch.name } : {}),
        ...(patch.isDefault ? { isDefault: true } : {}),
        updatedAt: new Date(),
      })
      .where(and(eq(esignSpecimens.id, id), eq(esignSpecimens.userId, userId)));
  });

/** Deletes one; when it was the default, the oldest remaining one becomes the default. */
export const remove = (db: TDb, userId: number, id: number) =>
  db.transaction(async (tx) => {
    await lockLimit(tx, 'specimens', userId);
    const [gone] = await tx
      .delete(esignSpecimens)
      .where(and(eq(esignSpecimens.id, id), eq(esignSpecimens.userId, userId)))
      .returning();
    if (gone?.isDefault) {
      const [next] = await tx
        .select({ id: esignSpecimens.id })
        .from(esignSpecimens)
        .where(eq(esignSpecimens.userId, userId))
        .orderBy(asc(esignSpecimens.id))
        .limit(1);
      if (next)
        await tx
          .update(esignSpecimens)
          .set({ isDefault: true })
          .where(eq(esignSpecimens.id, next.id));
    }
    return gone;
  });
