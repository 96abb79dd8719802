import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { TDb, TTx } from '../../db/client.ts';
import { countWhere, firstOf } from '../../db/query.ts';
import { masterStatus, notifications, quotaAccounts, users } from '../../db/schema.ts';
import type { TAccountRef, TQuotaKind } from '../quota/index.ts';

type TDbOrTx = TDb | TTx;

export type TNotificationRow = typeof notifications.$inferSelect;
export type TNewNotification = {
  userId: number;
  key: string;
  header: string;
  content: string;
  link: string | null;
};

/** SQL of notifications; every read and change is scoped by the owner (the session's user). */

/**
 * Stores one notification; the same (user, key) a second time changes nothing. Returns the
 * stored row's id and whether its e-mail went out already.
 */
export const insertOnce = async (db: TDbOrTx, row: TNewNotification) => {
  const [inserted] = await db
    .insert(notifications)
    .values(row)
    .onConflictDoNothing()
    .returning({ id: notifications.id, mailedAt: notifications.mailedAt });
  if (inserted) return inserted;
  const [stored] = await db
    .select({ id: notifications.id, mailedAt: notifications.mailedAt })
    .from(notifications)
    .where(and(eq(notifications.userId, row.userId), eq(notifications.key, row.key)));
  return stored;
};

/** A notification with its recipient's address, name and language (for its e-mail). */
export const forMail = (db: TDbOrTx, id: number) =>
  firstOf(
    db
      .select({
        notification: notifications,
        email: users.email,
        name: users.fullName,
        language: users.language,
      })
      .from(notifications)
      .innerJoin(users, eq(users.id, notifications.userId))
      .where(and(eq(notifications.id, id), isNull(users.deactivatedAt))),
  );

export const markMailed = async (db: TDbOrTx, id: number) => {
  await db.update(notifications).set({ mailedAt: new Date() }).where(eq(notifications.id, id));
};

export const latest = (db: TDbOrTx, userId: number, limit: number) =>
  db
    .select()
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(desc(notifications.id))
    .limit(limit);

export const unread = (db: TDbOrTx, userId: number) =>
  countWhere(
    db,
    notifications,
    and(eq(notifications.userId, userId), isNull(notifications.readAt)),
  );

/** The newest notification's id (0 when none): with the unread count, the bell's ETag. */
export const newestId = async (db: TDbOrTx, userId: number) => {
  const [row] = await db
    .select({ id: notifications.id })
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(desc(notifications.id))
    .limit(1);
  return row?.id ?? 0;
};

/** Marks one read; false when it is not the user's. */
export const markRead = async (db: TDbOrTx, userId: number, id: number) => {
  const rows = await db
    .update(notifications)
    .set({ readAt: new Date() })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning({ id: notifications.id });
  return rows.length > 0;
};

/** Active users of a department (recipients of department events). */
export const departementMembers = (db: TDbOrTx, companyId: number, departementId: number) =>
  db
    .select({ id: users.id, language: users.language })
    .from(users)
    .where(
      and(
        eq(users.companyId, companyId),
        eq(users.departementId, departementId),
        isNull(users.deactivatedAt),
      ),
    );

/** Active admins (admin, admin-company) of a company. */
export const companyAdmins = (db: TDbOrTx, companyId: number) =>
  db
    .select({ id: users.id, language: users.language })
    .from(users)
    .where(
      and(
        eq(users.companyId, companyId),
        inArray(users.role, ['admin', 'admin-company']),
        isNull(users.deactivatedAt),
      ),
    );

/** A platform setting's value (master_status by group), if set. */
export const configValue = async (db: TDbOrTx, group: string) => {
  const [row] = await db
    .select({ value: masterStatus.statusName })
    .from(masterStatus)
    .where(eq(masterStatus.statusGroup, group))
    .limit(1);
  return row?.value;
};

/**
 * A master-status configuration value and an account's balance of a kind (0 without one), in
 * one statement (after a spend whose balance is not known); undefined without the value.
 */
export const configAndBalance = async (
  db: TDbOrTx,
  group: string,
  owner: TAccountRef,
  kind: TQuotaKind,
) => {
  const [row] = await db
    .select({ value: masterStatus.statusName, balance: quotaAccounts.balance })
    .from(masterStatus)
    .leftJoin(
      quotaAccounts,
      and(
        eq(quotaAccounts.ownerType, owner.ownerType),
        eq(quotaAccounts.ownerId, owner.ownerId),
        eq(quotaAccounts.kind, kind),
      ),
    )
    .where(eq(masterStatus.statusGroup, group))
    .limit(1);
  return row && { value: row.value, balance: row.balance ?? 0 };
};

export const languageOf = async (db: TDbOrTx, userId: number) => {
  const [row] = await db
    .select({ language: users.language })
    .from(users)
    .where(eq(users.id, userId));
  return row?.language ?? 'en';
};

export const markAllRead = async (db: TDbOrTx, userId: number) => {
  await db
    .update(notifications)
    .set({ readAt: new Date() })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
};
