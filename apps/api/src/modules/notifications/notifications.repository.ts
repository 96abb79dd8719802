import { and, count, desc, eq, isNull } from 'drizzle-orm';
import type { TDb } from '../../db/client.ts';
import { notifications, users } from '../../db/schema.ts';

export type TNotificationRow = typeof notifications.$inferSelect;
export type TNewNotification = {
  userId: number;
  key: string;
  header: string;
  content: string;
  link: string | null;
};

/** SQL of notifications; every read and change is scoped by the owner (the session's user). */
export const createNotificationsRepository = (db: TDb) => ({
  /** Stores one notification; the same (user, key) a second time changes nothing. */
  insertOnce: async (row: TNewNotification) => {
    await db.insert(notifications).values(row).onConflictDoNothing();
  },

  latest: (userId: number, limit: number) =>
    db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, userId))
      .orderBy(desc(notifications.id))
      .limit(limit),

  unread: async (userId: number) => {
    const [row] = await db
      .select({ n: count() })
      .from(notifications)
      .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
    return row?.n ?? 0;
  },

  /** Marks one read; false when it is not the user's. */
  markRead: async (userId: number, id: number) => {
    const rows = await db
      .update(notifications)
      .set({ readAt: new Date() })
      .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
      .returning({ id: notifications.id });
    return rows.length > 0;
  },

  /** Active users of a department (recipients of department events). */
  departementMembers: (companyId: number, departementId: number) =>
    db
      .select({ id: users.id, language: users.language })
      .from(users)
      .where(
        and(
          eq(users.companyId, companyId),
          eq(users.departementId, departementId),
          isNull(users.deactivatedAt),
        ),
      ),

  languageOf: async (userId: number) => {
    const [row] = await db
      .select({ language: users.language })
      .from(users)
      .where(eq(users.id, userId));
    return row?.language ?? 'en';
  },

  markAllRead: async (userId: number) => {
    await db
      .update(notifications)
      .set({ readAt: new Date() })
      .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  },
});
