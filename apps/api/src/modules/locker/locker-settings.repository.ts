import { eq } from 'drizzle-orm';
import type { TDb, TTx } from '../../db/client.ts';
import { firstOf } from '../../db/query.ts';
import { lockerItems, lockerSettings } from '../../db/schema.ts';
import { liveFilingFolder } from './locker-queries.repository.ts';

type TDbOrTx = TDb | TTx;

/** SQL of the per-user locker settings (always scoped by the user, whose locker it is). */

/** The user's chosen filing folder while it is a live folder of their private locker. */
export const filingFolder = (db: TDbOrTx, userId: number) =>
  firstOf(
    db
      .select({ id: lockerItems.id, name: lockerItems.name })
      .from(lockerSettings)
      .innerJoin(lockerItems, liveFilingFolder(userId))
      .where(eq(lockerSettings.userId, userId)),
  );

export const setFilingFolder = async (db: TDbOrTx, userId: number, folderId: number | null) => {
  await db
    .insert(lockerSettings)
    .values({ userId, filingFolderId: folderId })
    .onConflictDoUpdate({
      target: lockerSettings.userId,
      set: { filingFolderId: folderId, updatedAt: new Date() },
    });
};
