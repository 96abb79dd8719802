import { desc, eq, sql } from 'drizzle-orm';
import type { TDb } from '../../db/client.ts';
import { lockerPlanLimits, lockerUsage, plans, subscriptions } from '../../db/schema.ts';
import { activeSubscriptionOf } from '../plans/plans.repository.ts';

/** Whose plan: the caller's company, or a personal user's own subscription. */
type TPlanScope = { userId: number; companyId: number | null };

/**
 * The caller's plan as the locker reads it (flag, expiry, storage maximum): their newest active
 * subscription. Part of the locker repository's statements, never run alone.
 */
export const lockerPlanQuery = (db: TDb, scope: TPlanScope) =>
  db
    .select({
      isDigitalLocker: plans.isDigitalLocker,
      expiresAt: subscriptions.expiresAt,
      maxBytes: lockerPlanLimits.maxBytes,
    })
    .from(subscriptions)
    .innerJoin(plans, eq(plans.id, subscriptions.planId))
    .leftJoin(lockerPlanLimits, eq(lockerPlanLimits.planId, plans.id))
    .where(activeSubscriptionOf(scope.companyId, scope.userId))
    .orderBy(desc(subscriptions.startedAt))
    .limit(1);

/** The bytes a storage account uses (0 before its first file). */
export const usedBytesOf = (account: string) =>
  sql<number>`coalesce((select ${lockerUsage.usedBytes} from ${lockerUsage} where ${lockerUsage.account} = ${account}), 0)`.mapWith(
    Number,
  );

type TPlanRow = {
  isDigitalLocker: boolean | null;
  expiresAt: Date | null;
  maxBytes: number | null;
};
/** The plan subquery's columns, selected as one nested object (null without a subscription). */
export const planFields = (plan: ReturnType<ReturnType<typeof lockerPlanQuery>['as']>) => ({
  isDigitalLocker: plan.isDigitalLocker,
  expiresAt: plan.expiresAt,
  maxBytes: plan.maxBytes,
});

/** A plan-and-use row as the locker reads it (no active subscription: no plan). */
export const planAndUseOf = (row?: { plan: TPlanRow | null; usedBytes: number }) => ({
  plan:
    row?.plan && row.plan.isDigitalLocker !== null
      ? { ...row.plan, isDigitalLocker: row.plan.isDigitalLocker }
      : undefined,
  usedBytes: row?.usedBytes ?? 0,
});
