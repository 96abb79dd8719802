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

/**
 * `reserveWithSpend` of several units of one payer, kind and reason in one statement (the
 * coalescer of `units.ts`): the balance debited once by their number, then for each, in order,
 * the movement, its two entries (the payer's `balance_after` as if each had been debited on its
 * own) and the reservation. Undefined when the balance is short for all of them; a key used
 * before fails the whole statement. Each unit's reservation id and balance, in the inputs' order.
 */
export const reserveManyWithSpend = async (db: TDbOrTx, rs: TReserveWithSpend[]) => {
  const [first] = rs;
  if (!first) return [];
  const s = first.spend;
  const n = rs.length;
  const total = s.quantity * n;
  const rows = rowsOf<{ id: number; key: string; balance: number }>(
    await db.execute(sql`
      with input as (
        select * from unnest(${sql.param(rs.map((r) => r.documentId))}::int[],
          ${sql.param(rs.map((r) => r.key))}::varchar[],
          ${sql.param(rs.map((r) => r.spend.actorUserId))}::int[],
          ${sql.param(rs.map((r) => r.spend.ref?.type ?? null))}::varchar[],
          ${sql.param(rs.map((r) => r.spend.ref?.id ?? null))}::varchar[],
          ${sql.param(rs.map((r) => r.spend.idempotencyKey))}::varchar[])
          with ordinality as i(document_id, key, actor_user_id, ref_type, ref_id, movement_key, ord)
      ), debited as (
        update quota_accounts set balance = balance - ${total}::int, updated_at = now()
        where owner_type = ${s.payer.ownerType}::varchar and owner_id = ${s.payer.ownerId}::int
          and kind = ${s.kind}::varchar and balance >= ${total}::int
        returning id, balance
      ), movement as (
        insert into quota_movements (kind, quantity, reason, from_account_id, to_account_id,
          actor_user_id, company_id, ref_type, ref_id, idempotency_key, note)
        select ${s.kind}::varchar, ${s.quantity}::int, ${s.reason}::varchar, debited.id,
          ${s.systemAccountId}::int, i.actor_user_id, ${s.companyId}::int, i.ref_type, i.ref_id,
          i.movement_key, ${s.note}::text
        from debited, input i order by i.ord
        returning id, idempotency_key
      ), unit as (
        select i.*, movement.id as movement_id, debited.id as account_id,
          debited.balance + ${s.quantity}::int * (${n}::int - i.ord::int) as balance
        from input i join movement on movement.idempotency_key = i.movement_key, debited
      ), entries as (
        insert into quota_entries (movement_id, account_id, delta, balance_after)
        select movement_id, account_id, -${s.quantity}::int, balance from unit
        union all
        select movement_id, ${s.systemAccountId}::int, ${s.quantity}::int, null from unit
      ), reservation as (
        insert into unit_reservations (kind, payer_account_id, company_id, document_id,
          idempotency_key, actor_user_id, reserve_movement_id)
        select ${s.kind}::varchar, account_id, ${s.companyId}::int, document_id, key,
          actor_user_id, movement_id
        from unit order by ord
        returning id, idempotency_key
      )
      select reservation.id, unit.key, unit.balance
      from reservation join unit on unit.key = reservation.idempotency_key`),
  );
  if (rows.length === 0) return undefined;
  const byKey = new Map(rows.map((row) => [row.key, row]));
  return rs.map((r) => {
    const row = byKey.get(r.key);
    if (!row) throw new Error('a coalesced reservation is missing');
    return { id: Number(row.id), balance: Number(row.balance) };
  });
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
