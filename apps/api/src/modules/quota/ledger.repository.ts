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

/** What differs between the spends of one statement (`spendStatement`): who, for what, its key. */
export type TSpendUnit = Pick<TSpend, 'actorUserId' | 'ref' | 'idempotencyKey'>;

/**
 * Spends as one statement, the only place the ledger's spend is written: `units.length` spends
 * of `s.quantity` from one payer (a spend alone is one unit; a batch's reservations made at one
 * moment are several). The payer's account found, locked and debited by all of them at once only
 * if they are all there (never below zero; a missing account holds nothing), then for each unit,
 * in order, its movement and two entries, the payer's `balance_after` as if each had been
 * debited on its own. Exposed to `tail` as the WITH queries `debited` (id, balance after all)
 * and `unit` (per unit: `ord` from 1, `movement_id`, `account_id`, `balance` after it, and the
 * unit's fields), e.g. a unit's reservation inserted with its spend. Nothing is written when the
 * balance is short (`debited` and `unit` are empty).
 */
export const spendStatement = (s: TSpend, units: TSpendUnit[], tail: SQL) => {
  const n = units.length;
  const total = s.quantity * n;
  return sql`
  with input as (
    select i.*, nextval(pg_get_serial_sequence('quota_movements', 'id')) as movement_id
    from unnest(${sql.param(units.map((u) => u.actorUserId))}::int[],
      ${sql.param(units.map((u) => u.ref?.type ?? null))}::varchar[],
      ${sql.param(units.map((u) => u.ref?.id ?? null))}::varchar[],
      ${sql.param(units.map((u) => u.idempotencyKey))}::varchar[])
      with ordinality as i(actor_user_id, ref_type, ref_id, movement_key, ord)
  ), debited as (
    update quota_accounts set balance = balance - ${total}::int, updated_at = now()
    where owner_type = ${s.payer.ownerType}::varchar and owner_id = ${s.payer.ownerId}::int
      and kind = ${s.kind}::varchar and balance >= ${total}::int
    returning id, balance
  ), movement as (
    insert into quota_movements (id, kind, quantity, reason, from_account_id, to_account_id,
      actor_user_id, company_id, ref_type, ref_id, idempotency_key, note)
    select i.movement_id, ${s.kind}::varchar, ${s.quantity}::int, ${s.reason}::varchar,
      debited.id, ${s.systemAccountId}::int, i.actor_user_id, ${s.companyId}::int, i.ref_type,
      i.ref_id, i.movement_key, ${s.note}::text
    from debited, input i order by i.ord
    returning id
  ), unit as (
    select i.*, debited.id as account_id,
      debited.balance + ${s.quantity}::int * (${n}::int - i.ord::int) as balance
    from input i join movement on movement.id = i.movement_id, debited
  ), entries as (
    insert into quota_entries (movement_id, account_id, delta, balance_after)
    select movement_id, account_id, -${s.quantity}::int, balance from unit
    union all
    select movement_id, ${s.systemAccountId}::int, ${s.quantity}::int, null from unit
  )
  ${tail}`;
};

/** The rows of a raw statement (node-postgres and PGlite both answer `{ rows }`). */
export const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** A spend alone (`spendStatement`): the movement's id and the payer's account and new balance. */
export const spend = async (db: TDbOrTx, s: TSpend) => {
  const [row] = rowsOf<{ movement_id: number; account_id: number; balance: number }>(
    await db.execute(
      spendStatement(s, [s], sql`select unit.movement_id, unit.account_id, unit.balance from unit`),
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
