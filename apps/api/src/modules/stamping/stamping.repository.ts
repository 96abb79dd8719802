import { and, desc, eq, gte, inArray, ne } from 'drizzle-orm';
import type { TDb, TTx } from '../../db/client.ts';
import { firstOf, insertOne, latestWhere } from '../../db/query.ts';
import { serialNumbers } from '../../db/schema.ts';

type TDbOrTx = TDb | TTx;

export const insertSerial = (db: TDbOrTx, values: typeof serialNumbers.$inferInsert) =>
  insertOne(db, serialNumbers, values);

/** A stamped serial stays stamped (a late failure of an attempt that lost cannot undo it). */
export const setSerialStatus = async (db: TDbOrTx, id: number, status: 'stamped' | 'failed') => {
  await db
    .update(serialNumbers)
    .set({ status, ...(status === 'stamped' ? { stampedAt: new Date() } : {}) })
    .where(and(eq(serialNumbers.id, id), ne(serialNumbers.status, 'stamped')));
};

export const serialById = (db: TDbOrTx, id: number) =>
  firstOf(db.select().from(serialNumbers).where(eq(serialNumbers.id, id)));

/** The newest serial of a document that was issued but never stamped, since `since`. */
export const unstampedSerialOf = (db: TDbOrTx, documentId: number, provider: string, since: Date) =>
  latestWhere(
    db,
    serialNumbers,
    and(
      eq(serialNumbers.documentId, documentId),
      eq(serialNumbers.provider, provider),
      inArray(serialNumbers.status, ['issued', 'failed']),
      gte(serialNumbers.issuedAt, since),
    ),
    [desc(serialNumbers.id)],
  );

/** Serials of a document still `issued` (their attempt died) become `failed`: reusable. */
export const failIssuedSerials = async (db: TDbOrTx, documentId: number) => {
  await db
    .update(serialNumbers)
    .set({ status: 'failed' })
    .where(and(eq(serialNumbers.documentId, documentId), eq(serialNumbers.status, 'issued')));
};
