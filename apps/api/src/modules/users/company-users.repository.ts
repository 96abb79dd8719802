import type { TCompanyUserQuery, TCompanyUserSortKey, TPersonalUserQuery } from '@bubuh/contracts';
import { and, count, desc, eq, isNotNull, isNull, ne, or, type SQL } from 'drizzle-orm';
import type { TDb, TTx } from '../../db/client.ts';
import { insertWithinLimit } from '../../db/count-limit.ts';
import { anyWhere, containsText, firstOf, sortedPageOf } from '../../db/query.ts';
import {
  companies,
  departements,
  documentSigners,
  documents,
  passwordResets,
  sessions,
  users,
} from '../../db/schema.ts';
import { lowerOf, type TSortColumns } from '../../lib/sort.ts';
import { activeSubscription } from '../plans/index.ts';

type TDbOrTx = TDb | TTx;

export type TUserRow = typeof users.$inferSelect;
export type TUserWithDept = { user: TUserRow; departementName: string | null };
export type TNewUser = typeof users.$inferInsert;
type TInvitation = { tokenHash: string; expiresAt: Date };

/** The subscription whose plan limits child users: the company's, or a personal account's. */
export type TChildScope = {
  subscriptionId: number;
  companyId: number | null;
  userId: number | null;
};

const USER_SORT_COLUMNS: TSortColumns<TCompanyUserSortKey> = {
  name: lowerOf(users.fullName),
  email: lowerOf(users.email),
  role: users.role,
  department: lowerOf(departements.name),
  created: users.createdAt,
};
/** Default order of the user lists: newest first. */
const DEFAULT_ORDER = [desc(users.createdAt), desc(users.id)];

const active = isNull(users.deactivatedAt);

const childrenOf = (scope: TChildScope): SQL | undefined =>
  and(
    active,
    scope.companyId !== null
      ? and(eq(users.companyId, scope.companyId), isNotNull(users.parentUserId))
      : eq(users.parentUserId, scope.userId ?? 0),
  );

const searchOf = (search?: string): SQL | undefined => {
  if (!search) return undefined;
  return or(containsText(users.fullName, search), containsText(users.email, search));
};

const insertInvited = async (tx: TTx, values: TNewUser, invitation: TInvitation) => {
  const [created] = await tx.insert(users).values(values).returning({ id: users.id });
  if (!created) throw new Error('insert returned nothing');
  await tx.insert(passwordResets).values({ userId: created.id, ...invitation });
  return created.id;
};

/**
 * SQL of the company's accounts (admin side). Every read and write names the session's company;
 * deactivated accounts (removed while owning documents) leave every list.
 */

const select = (db: TDbOrTx) =>
  db
    .select({ user: users, departementName: departements.name })
    .from(users)
    .leftJoin(departements, eq(departements.id, users.departementId));

/**
 * One page of a company's active users (the caller excluded), or of all personal accounts, in
 * the validated `sort`/`order` of the request.
 */
export const page = async (
  db: TDbOrTx,
  scope: { companyId: number; exceptUserId: number } | 'personal',
  query: TCompanyUserQuery | TPersonalUserQuery,
) => {
  const where = and(
    active,
    scope === 'personal'
      ? eq(users.userType, 'personal')
      : and(eq(users.companyId, scope.companyId), ne(users.id, scope.exceptUserId)),
    searchOf(query.search),
  );
  return sortedPageOf(db, users, select(db).$dynamic(), {
    where,
    query,
    columns: USER_SORT_COLUMNS,
    fallback: DEFAULT_ORDER,
  });
};

export const findInCompany = (
  db: TDbOrTx,
  companyId: number,
  id: number,
): Promise<TUserWithDept | undefined> =>
  firstOf(select(db).where(and(eq(users.id, id), eq(users.companyId, companyId), active)));

export const hasDepartement = (db: TDbOrTx, companyId: number, departementId: number) =>
  anyWhere(
    db,
    departements,
    and(eq(departements.id, departementId), eq(departements.companyId, companyId)),
  );

export const findById = (db: TDbOrTx, id: number) =>
  firstOf(db.select().from(users).where(eq(users.id, id)));

/** Name of the inviting user and of their company, for the invitation mail. */
export const inviterOf = (db: TDbOrTx, userId: number) =>
  firstOf(
    db
      .select({ name: users.fullName, company: companies.name })
      .from(users)
      .leftJoin(companies, eq(companies.id, users.companyId))
      .where(eq(users.id, userId)),
  );

/** A new account without a password and its single-use set-password link, together. */
export const invite = (db: TDb, values: TNewUser, invitation: TInvitation) =>
  db.transaction((tx) => insertInvited(tx, values, invitation));

export const update = async (
  db: TDbOrTx,
  companyId: number,
  id: number,
  set: Partial<TNewUser>,
) => {
  await db
    .update(users)
    .set({ ...set, updatedAt: new Date() })
    .where(and(eq(users.id, id), eq(users.companyId, companyId)));
};

/**
 * Removes an account of the company. One who owns or signs documents is deactivated instead:
 * the documents stay with the company, the account loses its password, department, pending
 * links and sessions and leaves every list. Anyone else is erased.
 */
export const remove = (db: TDb, companyId: number, id: number) =>
  db.transaction(async (tx): Promise<'deleted' | 'deactivated' | 'missing'> => {
    const [target] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, id), eq(users.companyId, companyId), active))
      .for('update');
    if (!target) return 'missing';
    const [owned] = await tx
      .select({ id: documents.id })
      .from(documents)
      .where(eq(documents.ownerUserId, id))
      .limit(1);
    const [signs] = await tx
      .select({ id: documentSigners.id })
      .from(documentSigners)
      .where(eq(documentSigners.userId, id))
      .limit(1);
    if (!owned && !signs) {
      await tx.delete(users).where(and(eq(users.id, id), eq(users.companyId, companyId)));
      return 'deleted';
    }
    const now = new Date();
    await tx
      .update(users)
      .set({ deactivatedAt: now, passwordHash: null, departementId: null, updatedAt: now })
      .where(eq(users.id, id));
    await tx.delete(passwordResets).where(eq(passwordResets.userId, id));
    await tx
      .update(sessions)
      .set({ revokedAt: now, revokedReason: 'deactivated' })
      .where(and(eq(sessions.userId, id), isNull(sessions.revokedAt)));
    return 'deactivated';
  });

/** The active subscription that limits the caller's child users, with the plan's limit. */
export const childScope = async (db: TDbOrTx, companyId: number | null, userId: number) => {
  const row = await activeSubscription(db, userId, companyId);
  return (
    row && {
      subscriptionId: row.sub.id,
      companyId: row.sub.companyId,
      userId: row.sub.userId,
      limit: row.plan.totalMultiuser,
    }
  );
};

/** The child users of a subscription, whoever of its admins added them. */
export const children = (db: TDbOrTx, scope: TChildScope) =>
  select(db).where(childrenOf(scope)).orderBy(desc(users.createdAt), desc(users.id));

/** Counts the subscription's child users and invites one more under its limit lock. */
export const inviteChild = (
  db: TDb,
  scope: TChildScope,
  limit: number,
  values: TNewUser,
  invitation: TInvitation,
  refuse: (limit: number) => Error,
) =>
  insertWithinLimit(db, {
    scope: 'childUsers',
    ownerId: scope.subscriptionId,
    limit,
    refuse,
    count: async (tx) => {
      const [row] = await tx.select({ n: count() }).from(users).where(childrenOf(scope));
      return row?.n ?? 0;
    },
    insert: (tx) => insertInvited(tx, values, invitation),
  });

export const withDepartement = (db: TDbOrTx, id: number) =>
  firstOf(select(db).where(eq(users.id, id)));
