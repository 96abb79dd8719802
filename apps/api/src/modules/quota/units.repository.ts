import { and, asc, eq, like, lt, sql } from 'drizzle-orm';
import type { TDb, TTx } from '../../db/client.ts';
import { anyWhere, rowWithParent } from '../../db/query.ts';
import { quotaAccounts, unitReservations } from '../../db/schema.ts';
import { rowsOf, spendStatement, type TSpend } from './ledger.repository.ts';

type TDbOrTx = TDb | TTx;
export type TReservationRow = typeof unitReservations.$inferSelect;

export type TReserveWithSpend = {
  /** The ledger's spend of the unit (`ledger.ts` `spendOf`). */
  spend: TSpend;
  documentId: number;
  /** The reservation's key (its spend movement's key is `unit:<key>`). */
  key: string;
};

/**
 * A unit's reservation with the ledger's spend under it, in one statement (the ledger's own
 * `spendStatement`, then the reservation). The reservation's id, or undefined when the balance
 * is short: then nothing is written. A key already used fails with the unique violation, and
 * nothing is written either.
 */
export const reserveWithSpend = async (db: TDbOrTx, r: TReserveWithSpend) => {
  const { spend } = r;
  const [row] = rowsOf<{ id: number; balance: number }>(
    await db.execute(
      spendStatement(
        spend,
        sql`, reservation as (
          insert into unit_reservations (kind, payer_account_id, company_id, document_id,
            idempotency_key, actor_user_id, reserve_movement_id)
          select ${spend.kind}::varchar, debited.id, ${spend.companyId}::int, ${r.documentId}::int,
            ${r.key}::varchar, ${spend.actorUserId}::int, movement.id
          from movement, debited
          returning id
        )
        select reservation.id, debited.balance from reservation, debited`,
      ),
    ),
  );
  // The reservation and the payer's balance right after its debit.
  return row ? { id: Number(row.id), balance: Number(row.balance) } : undefined;
};

/** The reservation made with `key` (an attempt's), if any. */
export const reservationByKey = async (db: TDbOrTx, key: string) => {
  const [row] = await db
    .select({ id: unitReservations.id })
    .from(unitReservations)
    .where(eq(unitReservations.idempotencyKey, key));
  return row?.id;
};

/** reserved → `to`, only if still reserved (one of spend, release and recovery wins). */
export const settleReservation = async (
  db: TDbOrTx,
  id: number,
  to: 'spent' | 'released',
  extra: { releaseMovementId?: number; note?: string } = {},
) => {
  const [row] = await settleUpdate(db, id, to, extra).returning();
  return row;
};

/** `settleReservation`'s UPDATE, not run: for a statement that stores the work with it. */
export const settleUpdate = (
  db: TDbOrTx,
  id: number,
  to: 'spent' | 'released',
  extra: { releaseMovementId?: number; note?: string } = {},
) =>
  db
    .update(unitReservations)
    .set({ state: to, ...extra, updatedAt: new Date() })
    .where(and(eq(unitReservations.id, id), eq(unitReservations.state, 'reserved')));

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
