import { and, asc, eq, like, lt } from 'drizzle-orm';
import type { TDb, TTx } from '../../db/client.ts';
import { anyWhere, insertOne, rowWithParent } from '../../db/query.ts';
import { quotaAccounts, unitReservations } from '../../db/schema.ts';

type TDbOrTx = TDb | TTx;
export type TReservationRow = typeof unitReservations.$inferSelect;

export const insertReservation = (db: TDbOrTx, values: typeof unitReservations.$inferInsert) =>
  insertOne(db, unitReservations, values);

/** reserved → `to`, only if still reserved (one of spend, release and recovery wins). */
export const settleReservation = async (
  db: TDbOrTx,
  id: number,
  to: 'spent' | 'released',
  extra: { releaseMovementId?: number; note?: string } = {},
) => {
  const [row] = await db
    .update(unitReservations)
    .set({ state: to, ...extra, updatedAt: new Date() })
    .where(and(eq(unitReservations.id, id), eq(unitReservations.state, 'reserved')))
    .returning();
  return row;
};

export const setReleaseMovement = async (db: TDbOrTx, id: number, movementId: number) => {
  await db
    .update(unitReservations)
    .set({ releaseMovementId: movementId })
    .where(eq(unitReservations.id, id));
};

/** A reservation with the account that paid it (to return the unit there). */
const reservationWithPayer = rowWithParent(
  { reservation: unitReservations, payer: quotaAccounts },
  unitReservations.payerAccountId,
);
export const findReservation = (db: TDbOrTx, id: number) =>
  reservationWithPayer(db, eq(unitReservations.id, id));

/** Units still reserved since before `before`: their work died (work takes seconds). */
export const staleReservations = async (db: TDbOrTx, before: Date) =>
  db
    .select({ id: unitReservations.id, documentId: unitReservations.documentId })
    .from(unitReservations)
    .where(and(eq(unitReservations.state, 'reserved'), lt(unitReservations.createdAt, before)))
    .orderBy(unitReservations.id);

/** The reservations of one document whose key starts with `prefix` (one job's attempts). */
export const reservationsByKeyPrefix = async (db: TDbOrTx, documentId: number, prefix: string) =>
  db
    .select()
    .from(unitReservations)
    .where(
      and(
        eq(unitReservations.documentId, documentId),
        like(unitReservations.idempotencyKey, `${prefix}%`),
      ),
    )
    .orderBy(asc(unitReservations.id));

/** Whether any unit is reserved for the document (some attempt is working on it). */
export const hasReservedUnit = (db: TDbOrTx, documentId: number) =>
  anyWhere(
    db,
    unitReservations,
    and(eq(unitReservations.documentId, documentId), eq(unitReservations.state, 'reserved')),
  );
