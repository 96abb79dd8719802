import { and, type Column, eq, gte, inArray, ne, type SQLWrapper, sql } from 'drizzle-orm';
import type { TDb, TTx } from '../../db/client.ts';
import { coalesce, perHandle } from '../../db/coalesce.ts';
import { firstOf, insertOne } from '../../db/query.ts';
import { serialNumbers } from '../../db/schema.ts';

type TDbOrTx = TDb | TTx;

type TSerialValues = typeof serialNumbers.$inferInsert;

/**
 * Serials issued at the same moment (a batch's documents) are inserted together
 * (`db/coalesce.ts`); each caller gets its own row.
 */
const insertSerialCoalesced = perHandle((db: TDb) =>
  coalesce<TSerialValues, typeof serialNumbers.$inferSelect>({
    key: () => 'serial',
    one: (values) => insertOne(db, serialNumbers, values),
    many: async (list) => {
      const rows = await db.insert(serialNumbers).values(list).returning();
      const bySerial = new Map(rows.map((row) => [row.serial, row]));
      return list.map((values) => {
        const row = bySerial.get(values.serial);
        if (!row) throw new Error('a coalesced serial is missing');
        return row;
      });
    },
    max: 32,
  }),
);

export const insertSerial = (db: TDb, values: TSerialValues) => insertSerialCoalesced(db)(values);

/** A stamped serial stays stamped (a late failure of an attempt that lost cannot undo it). */
export const setSerialStatus = async (db: TDbOrTx, id: number, status: 'stamped' | 'failed') => {
  await db
    .update(serialNumbers)
    .set({ status, ...(status === 'stamped' ? { stampedAt: new Date() } : {}) })
    .where(and(eq(serialNumbers.id, id), ne(serialNumbers.status, 'stamped')));
};

export const serialById = (db: TDbOrTx, id: number) =>
  firstOf(db.select().from(serialNumbers).where(eq(serialNumbers.id, id)));

/**
 * The newest serial of `provider` issued to a document since `since` and never stamped, as a
 * subquery: a claim's statement returns it with the claimed document.
 */
export const reusableSerialOf = (documentId: number | Column, provider: string, since: Date) =>
  sql<number | null>`(select ${serialNumbers.id} from ${serialNumbers} where ${and(
    eq(serialNumbers.documentId, documentId),
    eq(serialNumbers.provider, provider),
    inArray(serialNumbers.status, ['issued', 'failed']),
    gte(serialNumbers.issuedAt, since),
  )} order by ${serialNumbers.id} desc limit 1)`;

/** Serials of a document still `issued` (their attempt died) become `failed`: reusable. */
export const failIssuedSerials = async (db: TDbOrTx, documentId: number) => {
  await db
    .update(serialNumbers)
    .set({ status: 'failed' })
    .where(and(eq(serialNumbers.documentId, documentId), eq(serialNumbers.status, 'issued')));
};

/**
 * The serial's move to `stamped`, not run, for the statement that stores the stamp: only when
 * `stored` (that statement's stored document) holds a row.
 */
export const serialStampedUpdate = (db: TDb, serialId: number, stored: SQLWrapper) =>
  db
    .update(serialNumbers)
    .set({ status: 'stamped', stampedAt: new Date() })
    .where(
      and(
        eq(serialNumbers.id, serialId),
        ne(serialNumbers.status, 'stamped'),
        sql`exists (select 1 from ${stored})`,
      ),
    )
    .returning({ id: serialNumbers.id });
