import { and, asc, eq, like, lt, sql } from 'drizzle-orm';
import type { TDb, TTx } from '../../db/client.ts';
import { anyWhere, rowWithParent } from '../../db/query.ts';
import { quotaAccounts, unitReservations } from '../../db/schema.ts';

type TDbOrTx = TDb | TTx;
export type TReservationRow = typeof unitReservations.$inferSelect;

export type TReserveWithSpend = {
  kind: 'emeterai' | 'esign';
  payer: { ownerType: string; ownerId: number };
  /** The system account that receives spent units (ledger `SYSTEM_CONSUMED`). */
  consumedAccountId: number;
  companyId: number | null;
  actorUserId: number | null;
  documentId: number;
  /** The reservation's key; its spend movement's key is `unit:<key>`. */
  key: string;
};

/**
 * A unit's reservation with the ledger's spend under it, in one statement (what `move` writes
 * for a spend, in the same order: the payer's account found, locked and debited only if the
 * unit is there, the movement, its two entries), then the reservation. The reservation's id, or
 * undefined when the balance is short: then nothing is written. A key already used fails with
 * the unique violation, and nothing is written either.
 */
export const reserveWithSpend = async (db: TDbOrTx, r: TReserveWithSpend) => {
  const result = await db.execute(sql`
    with debited as (
      update quota_accounts set balance = balance - 1, updated_at = now()
      where owner_type = ${r.payer.ownerType}::varchar and owner_id = ${r.payer.ownerId}::int
        and kind = ${r.kind}::varchar and balance >= 1
      returning id, balance
    ), movement as (
      insert into quota_movements (kind, quantity, reason, from_account_id, to_account_id,
        actor_user_id, company_id, ref_type, ref_id, idempotency_key)
      select ${r.kind}::varchar, 1, 'spend', debited.id, ${r.consumedAccountId}::int,
        ${r.actorUserId}::int, ${r.companyId}::int, 'document', ${String(r.documentId)}::varchar,
        ${`unit:${r.key}`}::varchar
      from debited
      returning id
    ), entries as (
      insert into quota_entries (movement_id, account_id, delta, balance_after)
      select movement.id, debited.id, -1, debited.balance from movement, debited
      union all
      select movement.id, ${r.consumedAccountId}::int, 1, null from movement
    )
    insert into unit_reservations (kind, payer_account_id, company_id, document_id,
      idempotency_key, actor_user_id, reserve_movement_id)
    select ${r.kind}::varchar, debited.id, ${r.companyId}::int, ${r.documentId}::int,
      ${r.key}::varchar, ${r.actorUserId}::int, movement.id
    from movement, debited
    returning id`);
  const [row] = (result as unknown as { rows: { id: number }[] }).rows;
  return row ? Number(row.id) : undefined;
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
