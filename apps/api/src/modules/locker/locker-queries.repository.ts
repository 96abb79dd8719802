import { and, desc, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { TDb } from '../../db/client.ts';
import { coalesce } from '../../db/coalesce.ts';
import {
  lockerPlanLimits,
  lockerSettings,
  lockerUsage,
  plans,
  subscriptions,
  lockerItems as t,
} from '../../db/schema.ts';
import { activeSubscriptionOf } from '../plans/index.ts';

// Parts of the locker repository's statements: the plan, the bytes in use, a space's items.

/** Whose locker a request sees: the caller's own items and (company users) the shared space. */
export type TLockerScope = { userId: number; companyId: number | null };
export type TSpaceRef = { space: 'private' | 'shared'; userId: number; companyId: number | null };

/** Items of one space. */
export const inSpace = (ref: TSpaceRef): SQL | undefined =>
  ref.space === 'private'
    ? eq(t.ownerUserId, ref.userId)
    : and(isNull(t.ownerUserId), eq(t.companyId, ref.companyId ?? -1));

/** A live root folder of a space named `name` (case-insensitively, as names are kept apart). */
export const rootFolderOf = (ref: TSpaceRef, name: string) =>
  and(
    inSpace(ref),
    isNull(t.parentId),
    eq(t.kind, 'folder'),
    sql`lower(${t.name}) = lower(${name})`,
    isNull(t.trashedAt),
  );

/**
 * The caller's plan as the locker reads it (flag, expiry, storage maximum): their newest active
 * subscription. Part of the locker repository's statements, never run alone.
 */
export const lockerPlanQuery = (db: TDb, scope: TLockerScope) =>
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

/**
 * The caller's plan as the locker reads it (flag, expiry, storage maximum) and the bytes its
 * storage account uses, in one statement (every stamp files a copy).
 */
export const planAndUse = async (db: TDb, scope: TLockerScope, account: string) => {
  const plan = lockerPlanQuery(db, scope).as('plan');
  const [row] = await db
    .select({ plan: planFields(plan), usedBytes: usedBytesOf(account) })
    .from(sql`(select 1) as one`)
    .leftJoin(plan, sql`true`);
  return planAndUseOf(row);
};

export type TFilingStateArgs = [
  scope: TLockerScope,
  account: string,
  ref: TSpaceRef,
  documentId: number,
  folderName: string | undefined,
];

/**
 * The folder `userId` chose for their stamped documents (`locker_settings` joined), while it is a
 * live folder of their private locker: the settings and the automatic filing read it alike.
 */
export const liveFilingFolder = (userId: number) =>
  and(
    eq(t.id, lockerSettings.filingFolderId),
    eq(t.ownerUserId, userId),
    eq(t.kind, 'folder'),
    isNull(t.trashedAt),
  );

/**
 * What the automatic filing reads first, in one statement: the plan and the account's used bytes
 * (as `planAndUse`), the documents' earlier copies in the space, the space's root folder named
 * `folderName` (a batch's folder, or the default filing folder) and the folder the user chose for
 * stamped documents while it is a live folder of their private locker (as the settings read it).
 * One answer per document of `documentIds`, in their order.
 */
const filingStates = async (
  db: TDb,
  [scope, account, ref, folderName]: TFilingShared,
  documentIds: number[],
) => {
  const plan = lockerPlanQuery(db, scope).as('plan');
  const rows = await db
    .select({
      plan: planFields(plan),
      usedBytes: usedBytesOf(account),
      chosenId: lockerSettings.filingFolderId,
      item: t,
    })
    .from(sql`(select 1) as one`)
    .leftJoin(plan, sql`true`)
    .leftJoin(lockerSettings, eq(lockerSettings.userId, scope.userId))
    .leftJoin(
      t,
      or(
        and(inSpace(ref), inArray(t.documentId, documentIds), eq(t.kind, 'file')),
        folderName === undefined ? undefined : rootFolderOf(ref, folderName),
        ref.space === 'private' ? liveFilingFolder(scope.userId) : undefined,
      ),
    );
  const items = rows.flatMap((r) => (r.item ? [r.item] : []));
  const chosenId = rows[0]?.chosenId ?? null;
  const wanted = folderName?.toLowerCase();
  const shared = {
    ...planAndUseOf(rows[0]),
    folder: items.find(
      (r) =>
        r.kind === 'folder' &&
        r.parentId === null &&
        r.trashedAt === null &&
        r.name.toLowerCase() === wanted,
    ),
    chosen: chosenId === null ? undefined : items.find((r) => r.id === chosenId),
  };
  return documentIds.map((documentId) => ({
    ...shared,
    copy: items.find((r) => r.kind === 'file' && r.documentId === documentId),
  }));
};

type TFilingShared = [
  scope: TLockerScope,
  account: string,
  ref: TSpaceRef,
  folderName: string | undefined,
];
type TFilingState = Awaited<ReturnType<typeof filingStates>>[number];

/**
 * `filingStates` of one document; documents filed at the same moment into one space and folder
 * (a batch's) share the statement (`db/coalesce.ts`).
 */
export const filingStateOf = (db: TDb) => {
  const read = coalesce<{ shared: TFilingShared; documentId: number }, TFilingState>({
    key: ({ shared }) => JSON.stringify(shared),
    one: async ({ shared, documentId }) => {
      const [state] = await filingStates(db, shared, [documentId]);
      if (!state) throw new Error('no filing state');
      return state;
    },
    many: async (inputs) => {
      const [first] = inputs;
      if (!first) return [];
      return filingStates(
        db,
        first.shared,
        inputs.map((i) => i.documentId),
      );
    },
    max: 32,
  });
  return (...[scope, account, ref, documentId, folderName]: TFilingStateArgs) =>
    read({ shared: [scope, account, ref, folderName], documentId });
};
