import { and, count, desc, eq, gt, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import type { TDb, TTx } from '../../db/client.ts';
import { promoCodes } from '../../db/schema.ts';

export type TPromoRow = typeof promoCodes.$inferSelect;
type TPromoInsert = typeof promoCodes.$inferInsert;

/** Promo codes: platform data (not company data), managed by super. */
export const createPromoRepository = (db: TDb) => ({
  byCode: async (code: string) => {
    const [row] = await db.select().from(promoCodes).where(eq(promoCodes.code, code));
    return row;
  },

  byId: async (id: number) => {
    const [row] = await db.select().from(promoCodes).where(eq(promoCodes.id, id));
    return row;
  },

  list: async (q: { page: number; perPage: number; active?: boolean }) => {
    const where: SQL | undefined =
      q.active === undefined ? undefined : eq(promoCodes.active, q.active);
    const [rows, [total]] = await Promise.all([
      db
        .select()
        .from(promoCodes)
        .where(where)
        .orderBy(desc(promoCodes.createdAt), desc(promoCodes.id))
        .limit(q.perPage)
        .offset((q.page - 1) * q.perPage),
      db.select({ n: count() }).from(promoCodes).where(where),
    ]);
    return { rows, total: total?.n ?? 0 };
  },

  /** Inserts a code; undefined when the code already exists. */
  create: async (values: TPromoInsert) => {
    const [row] = await db
      .insert(promoCodes)
      .values(values)
      .onConflictDoNothing({ target: promoCodes.code })
      .returning();
    return row;
  },

  update: async (id: number, values: Partial<TPromoInsert>) => {
    const [row] = await db
      .update(promoCodes)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(promoCodes.id, id))
      .returning();
    return row;
  },
});

/**
 * Takes one use of a code inside the invoice's transaction: a conditional increment, so parallel
 * invoices never pass the limit (the row lock serialises them). Undefined when it cannot be used.
 */
export const claimPromo = async (tx: TTx, code: string, now: Date) => {
  const [row] = await tx
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
    .returning();
  return row;
};
