import { asc, eq } from 'drizzle-orm';
import type { TDb } from '../../db/client.ts';
import { firstOf } from '../../db/query.ts';
import { masterStatus } from '../../db/schema.ts';

export type TMasterStatusRow = typeof masterStatus.$inferSelect;

/** SQL of the configuration values (platform-wide: read by everyone, written by super). */
export const createMasterStatusRepository = (db: TDb) => ({
  list: () => db.select().from(masterStatus).orderBy(asc(masterStatus.statusGroup)),

  find: (id: number) => firstOf(db.select().from(masterStatus).where(eq(masterStatus.id, id))),

  setValue: (id: number, statusName: string) =>
    firstOf(
      db
        .update(masterStatus)
        .set({ statusName, updatedAt: new Date() })
        .where(eq(masterStatus.id, id))
        .returning(),
    ),
});
