import { and, eq, isNull } from 'drizzle-orm';
import type { TDb } from '../../db/client.ts';
import { firstOf } from '../../db/query.ts';
import { lockerItems, lockerSettings } from '../../db/schema.ts';

/** SQL of the per-user locker settings (always scoped by the user, whose locker it is). */
export const createLockerSettingsRepository = (db: TDb) => ({
  /** The user's chosen filing folder while it is a live folder of their private locker. */
  filingFolder: (userId: number) =>
    firstOf(
      db
        .select({ id: lockerItems.id, name: lockerItems.name })
        .from(lockerSettings)
        .innerJoin(lockerItems, eq(lockerItems.id, lockerSettings.filingFolderId))
        .where(
          and(
            eq(lockerSettings.userId, userId),
            eq(lockerItems.ownerUserId, userId),
            eq(lockerItems.kind, 'folder'),
            isNull(lockerItems.trashedAt),
          ),
        ),
    ),

  setFilingFolder: async (userId: number, folderId: number | null) => {
    await db
      .insert(lockerSettings)
      .values({ userId, filingFolderId: folderId })
      .onConflictDoUpdate({
        target: lockerSettings.userId,
        set: { filingFolderId: folderId, updatedAt: new Date() },
      });
  },
});

export type TLockerSettingsRepository = ReturnType<typeof createLockerSettingsRepository>;
