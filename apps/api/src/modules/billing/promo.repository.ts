import { and, desc, eq, gt, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import type { TDb, TTx } from '../../db/client.ts';
import { countWhere, firstOf, pageOf, updateById } from '../../db/query.ts';
import { promoCodes } from '../../db/schema.ts';

export type TPromoRow = typeof promoCodes.$inferSelect;
type TPromoInsert = typeof promoCodes.$inferInsert;
type TDbOrTx = TDb | TTx;

/** Promo codes: platform data (not company data), managed by super. */

export const byCode = (db: TDbOrTx, code: string) =>
  firstOf(db.select().from(promoCodes).where(eq(promoCodes.code, code)));

export const byId = (db: TDbOrTx, id: number) =>
  firstOf(db.select().from(promoCodes).where(eq(promoCodes.id, id)));

export const list = async (db: TDbOrTx, q: { page: number; perPage: number; active?: boolean }) => {
  const where: SQL | undefined =
    q.active === undefined ? undefined : eq(promoCodes.active, q.active);
  return pageOf(
    db
      .select()
      .from(promoCodes)
      .where(where)
      .orderBy(desc(promoCodes.createdAt), desc(promoCodes.id))
      .$dynamic(),
    q,
    countWhere(db, promoCodes, where),
  );
};

/** Inserts a code; undefined when the code already exists. */
export const create = (db: TDbOrTx, values: TPromoInsert) =>
  firstOf(
    db
      .insert(promoCodes)
      .values(values)
      .onConflictDoNothing({ target: promoCodes.code })
      .returning(),
  );

export const update = (db: TDbOrTx, id: number, values: Partial<TPromoInsert>) =>
  updateById(db, promoCodes, id, values);

/**
 * Takes one use of a code inside the invoice's transaction: a conditional increment, so parallel
 * invoices never pass the limit (the row lock serialises them). Undefined when it cannot be used.
 */
export const claimPromo = (tx: TTx, code: string, now: Date) =>
  firstOf(
    tx
      .update(promoCodes)
      .set({ usedCount: sql`${promoCodes.usedCount} + 1`, updatedAt: now })
      .where(
        and(
          eq(promoCodes.code, code),
          eq(promoCodes.active, true),
          or(isNull(promoCodes.usageLimit), lt(promoCodes.usedCount, promoCodes.usageLimit)),
          or(isNull(promoCodes.expiresAt), gt(promoCodes.expiresAt, now)),
        ),
      )
      .returning(),
  );
