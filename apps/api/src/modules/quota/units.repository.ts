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
 * Reservations of units of one payer, kind and reason, each with the ledger's spend under it,
 * in one statement (the ledger's `spendStatement`, then each unit's reservation); one unit alone,
 * or several made at the same moment (the coalescer of `units.ts`). Each reservation's id and the
 * payer's balance right after its unit's debit, in the inputs' order; undefined when the balance
 * is short for all of them (nothing written). A key used before fails the whole statement with
 * the unique violation, and nothing is written either.
 */
export const reserveManyWithSpend = async (db: TDbOrTx, rs: TReserveWithSpend[]) => {
  const [first] = rs;
  if (!first) return [];
  const s = first.spend;
  const keys = sql.param(rs.map((r) => r.key));
  const documentIds = sql.param(rs.map((r) => r.documentId));
  const rows = rowsOf<{ id: number; key: string; balance: number }>(
    await db.execute(
      spendStatement(
        s,
        rs.map((r) => r.spend),
        sql`, reserved as (
          select u.*, r.key, r.document_id
          from unit u join unnest(${keys}::varchar[], ${documentIds}::int[])
            with ordinality as r(key, document_id, ord) on r.ord = u.ord
        ), reservation as (
          insert into unit_reservations (kind, payer_account_id, company_id, document_id,
            idempotency_key, actor_user_id, reserve_movement_id)
          select ${s.kind}::varchar, account_id, ${s.companyId}::int, document_id, key,
            actor_user_id, movement_id
          from reserved order by ord
          returning id, idempotency_key
        )
        select reservation.id, reserved.key, reserved.balance
        from reservation join reserved on reserved.key = reservation.idempotency_key`,
      ),
    ),
  );
  if (rows.length === 0) return undefined;
  const byKey = new Map(rows.map((row) => [row.key, row]));
  return rs.map((r) => {
    const row = byKey.get(r.key);
    if (!row) throw new Error('a reservation is missing from its statement');
    return { id: Number(row.id), balance: Number(row.balance) };
  });
};

/** One unit's reservation with its spend (`reserveManyWithSpend` of one). */
export const reserveWithSpend = async (db: TDbOrTx, r: TReserveWithSpend) =>
  (await reserveManyWithSpend(db, [r]))?.[0];

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
