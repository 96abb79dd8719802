import { and, desc, eq, or } from 'drizzle-orm';
import type { TDb, TTx } from '../../db/client.ts';
import { firstOf, updateById } from '../../db/query.ts';
import { plans, subscriptions, users } from '../../db/schema.ts';

type TDbOrTx = TDb | TTx;

export type TPlanRow = typeof plans.$inferSelect;
/** The editable columns of a plan. */
export type TPlanPatch = Partial<typeof plans.$inferInsert>;

/**
 * SQL of the plan catalogue (platform-wide, edited by super) and of subscriptions, which are read
 * for one user: their own or their company's; the caller's right to see that user is the
 * service's rule.
 */
/**
 * The subscriptions that apply to a caller: their company's, or their own (personal accounts).
 * The newest active one is the caller's plan (also for the child-user limit).
 */
export const activeSubscriptionOf = (companyId: number | null, userId: number) =>
  and(
    eq(subscriptions.status, 'active'),
    companyId !== null
      ? or(eq(subscriptions.companyId, companyId), eq(subscriptions.userId, userId))
      : eq(subscriptions.userId, userId),
  );

export const list = (db: TDbOrTx) => db.select().from(plans).orderBy(plans.priceIdr);

export const update = (db: TDbOrTx, id: number, values: TPlanPatch) =>
  updateById(db, plans, id, values);

export const companyOfUser = (db: TDbOrTx, userId: number) =>
  firstOf(
    db.select({ id: users.id, companyId: users.companyId }).from(users).where(eq(users.id, userId)),
  );

/** The newest active subscription of the user's company, or the user's own. */
export const activeSubscription = (db: TDbOrTx, userId: number, companyId: number | null) =>
  firstOf(
    db
      .select({ sub: subscriptions, plan: plans })
      .from(subscriptions)
      .innerJoin(plans, eq(plans.id, subscriptions.planId))
      .where(activeSubscriptionOf(companyId, userId))
      .orderBy(desc(subscriptions.startedAt))
      .limit(1),
  );
