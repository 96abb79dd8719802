import { and, asc, eq, gte, inArray, type SQL, sql } from 'drizzle-orm';
import type { TDb, TTx } from '../../db/client.ts';
import { firstOf, insertOne, insertRows } from '../../db/query.ts';
import { quotaAccounts, quotaEntries, quotaMovements } from '../../db/schema.ts';

type TDbOrTx = TDb | TTx;

export type TQuotaKind = 'emeterai' | 'esign' | 'psre';
export type TOwnerType = 'system' | 'company' | 'departement' | 'user';
export type TAccountRef = { ownerType: TOwnerType; ownerId: number; companyId: number | null };

/** The one account of an owner for a kind (unique on owner type, owner id and kind). */
const accountWhere = (ownerType: TOwnerType, ownerId: number, kind: TQuotaKind) =>
  and(
    eq(quotaAccounts.ownerType, ownerType),
    eq(quotaAccounts.ownerId, ownerId),
    eq(quotaAccounts.kind, kind),
  );

/**
 * The account for (owner, kind), created on first use: read first (it exists after the first
 * movement, one statement), created only when missing (then read again: a concurrent creator
 * may have won).
 */
export const ensureAccount = async (db: TDbOrTx, ref: TAccountRef, kind: TQuotaKind) => {
  const found = await findAccount(db, ref.ownerType, ref.ownerId, kind);
  if (found) return found;
  await db
    .insert(quotaAccounts)
    .values({ ownerType: ref.ownerType, ownerId: ref.ownerId, kind, companyId: ref.companyId })
    .onConflictDoNothing();
  const row = await findAccount(db, ref.ownerType, ref.ownerId, kind);
  if (!row) throw new Error('quota account could not be created');
  return row;
};

export const findAccount = (
  db: TDbOrTx,
  ownerType: TOwnerType,
  ownerId: number,
  kind: TQuotaKind,
) =>
  firstOf(
    db
      .select()
      .from(quotaAccounts)
      .where(accountWhere(ownerType, ownerId, kind)),
  );

/**
 * The account for (owner, kind) with its row lock, created on first use: one statement when it
 * exists (a movement with one real side locks just that side).
 */
export const lockedAccount = async (tx: TTx, ref: TAccountRef, kind: TQuotaKind) => {
  const lock = () =>
    firstOf(
      tx
        .select()
        .from(quotaAccounts)
        .where(accountWhere(ref.ownerType, ref.ownerId, kind))
        .for('update'),
    );
  const found = await lock();
  if (found) return found;
  await ensureAccount(tx, ref, kind);
  const row = await lock();
  if (!row) throw new Error('quota account could not be created');
  return row;
};

/** Row locks on the accounts in id order, so opposite movements cannot deadlock. */
export const lockAccounts = async (db: TDbOrTx, ids: number[]) => {
  await db
    .select({ id: quotaAccounts.id })
    .from(quotaAccounts)
    .where(inArray(quotaAccounts.id, ids))
    .orderBy(asc(quotaAccounts.id))
    .for('update');
};

/** Locks every account of one owner in id order and returns them (with their balances). */
export const lockOwnerAccounts = async (db: TDbOrTx, ownerType: TOwnerType, ownerId: number) =>
  db
    .select()
    .from(quotaAccounts)
    .where(and(eq(quotaAccounts.ownerType, ownerType), eq(quotaAccounts.ownerId, ownerId)))
    .orderBy(asc(quotaAccounts.id))
    .for('update');

/** Takes `quantity` off a balance only if it is there (the row lock makes this safe in parallel). */
export const debit = async (db: TDbOrTx, accountId: number, quantity: number) => {
  const [row] = await db
    .update(quotaAccounts)
    .set({ balance: sql`${quotaAccounts.balance} - ${quantity}`, updatedAt: new Date() })
    .where(and(eq(quotaAccounts.id, accountId), gte(quotaAccounts.balance, quantity)))
    .returning({ balance: quotaAccounts.balance });
  return row?.balance;
};

/** A spend: units from a payer's account to a system account (the world outside the wallet). */
export type TSpend = {
  kind: TQuotaKind;
  quantity: number;
  payer: Pick<TAccountRef, 'ownerType' | 'ownerId'>;
  /** The receiving system account's id (it keeps no balance: never locked or updated). */
  systemAccountId: number;
  reason: TMovementRow['reason'];
  actorUserId: number | null;
  companyId: number | null;
  ref: { type: string; id: string } | null;
  idempotencyKey: string | null;
  note: string | null;
};

/**
 * A spend as one statement (written once more for several units of one payer at once, in
 * units.repository `reserveManyWithSpend`; a change here belongs there too): the payer's account found, locked and
 * debited only if `quantity` is there (never below zero; a missing account holds nothing), the
 * movement and its two entries, as the WITH queries `debited` (id, balance) and `movement` (id),
 * followed by `tail`, which reads them (e.g. a unit's reservation inserted with the spend).
 * Nothing is written when the balance is short (`debited` is empty).
 */
export const spendStatement = (s: TSpend, tail: SQL) => sql`
  with debited as (
    update quota_accounts set balance = balance - ${s.quantity}::int, updated_at = now()
    where owner_type = ${s.payer.ownerType}::varchar and owner_id = ${s.payer.ownerId}::int
      and kind = ${s.kind}::varchar and balance >= ${s.quantity}::int
    returning id, balance
  ), movement as (
    insert into quota_movements (kind, quantity, reason, from_account_id, to_account_id,
      actor_user_id, company_id, ref_type, ref_id, idempotency_key, note)
    select ${s.kind}::varchar, ${s.quantity}::int, ${s.reason}::varchar, debited.id,
      ${s.systemAccountId}::int, ${s.actorUserId}::int, ${s.companyId}::int,
      ${s.ref?.type ?? null}::varchar, ${s.ref?.id ?? null}::varchar,
      ${s.idempotencyKey}::varchar, ${s.note}::text
    from debited
    returning id
  ), entries as (
    insert into quota_entries (movement_id, account_id, delta, balance_after)
    select movement.id, debited.id, -${s.quantity}::int, debited.balance from movement, debited
    union all
    select movement.id, ${s.systemAccountId}::int, ${s.quantity}::int, null from movement
  )
  ${tail}`;

/** The rows of a raw statement (node-postgres and PGlite both answer `{ rows }`). */
export const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** A spend alone (`spendStatement`): the movement's id and the payer's account and new balance. */
export const spend = async (db: TDbOrTx, s: TSpend) => {
  const [row] = rowsOf<{ movement_id: number; account_id: number; balance: number }>(
    await db.execute(
      spendStatement(
        s,
        sql`select movement.id as movement_id, debited.id as account_id, debited.balance
          from movement, debited`,
      ),
    ),
  );
  return (
    row && {
      movementId: Number(row.movement_id),
      accountId: Number(row.account_id),
      balance: Number(row.balance),
    }
  );
};

export const credit = async (db: TDbOrTx, accountId: number, quantity: number) => {
  const [row] = await db
    .update(quotaAccounts)
    .set({ balance: sql`${quotaAccounts.balance} + ${quantity}`, updatedAt: new Date() })
    .where(eq(quotaAccounts.id, accountId))
    .returning({ balance: quotaAccounts.balance });
  if (!row) throw new Error('quota account vanished');
  return row.balance;
};

export const findMovement = (db: TDbOrTx, id: number) =>
  firstOf(db.select().from(quotaMovements).where(eq(quotaMovements.id, id)));

export const findMovementByKey = (db: TDbOrTx, key: string) =>
  firstOf(db.select().from(quotaMovements).where(eq(quotaMovements.idempotencyKey, key)));

export const insertMovement = (db: TDbOrTx, values: typeof quotaMovements.$inferInsert) =>
  insertOne(db, quotaMovements, values);

export const insertEntries = (db: TDbOrTx, values: (typeof quotaEntries.$inferInsert)[]) =>
  insertRows(db, quotaEntries, values);

export type TMovementRow = typeof quotaMovements.$inferSelect;
