import { asc, eq } from 'drizzle-orm';
import type { TDb, TTx } from '../../db/client.ts';
import { firstOf } from '../../db/query.ts';
import { masterStatus } from '../../db/schema.ts';

type TDbOrTx = TDb | TTx;

export type TMasterStatusRow = typeof masterStatus.$inferSelect;

/** SQL of the configuration values (platform-wide: read by everyone, written by super). */

export const list = (db: TDbOrTx) =>
  db.select().from(masterStatus).orderBy(asc(masterStatus.statusGroup));

export const find = (db: TDbOrTx, id: number) =>
  firstOf(db.select().from(masterStatus).where(eq(masterStatus.id, id)));

export const setValue = (db: TDbOrTx, id: number, statusName: string) =>
  firstOf(
    db
      .update(masterStatus)
      .set({ statusName, updatedAt: new Date() })
      .where(eq(masterStatus.id, id))
      .returning(),
  );
