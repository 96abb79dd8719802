import { and, asc, eq, gte, inArray, sql } from 'drizzle-orm';
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

/**
 * A spend's debit by owner: finds the owner's account, takes its row lock and `quantity` off its
 * balance only if it is there, in one statement (a missing account holds nothing and is refused
 * like an empty one). Its id and new balance, or undefined.
 */
export const debitOwner = async (
  db: TDbOrTx,
  ref: TAccountRef,
  kind: TQuotaKind,
  quantity: number,
) => {
  const [row] = await db
    .update(quotaAccounts)
    .set({ balance: sql`${quotaAccounts.balance} - ${quantity}`, updatedAt: new Date() })
    .where(
      and(accountWhere(ref.ownerType, ref.ownerId, kind), gte(quotaAccounts.balance, quantity)),
    )
    .returning({ id: quotaAccounts.id, balance: quotaAccounts.balance });
  return row;
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

export const findMovementByKey = (db: TDbOrTx, key: string) =>
  firstOf(db.select().from(quotaMovements).where(eq(quotaMovements.idempotencyKey, key)));

export const insertMovement = (db: TDbOrTx, values: typeof quotaMovements.$inferInsert) =>
  insertOne(db, quotaMovements, values);

export const insertEntries = (db: TDbOrTx, values: (typeof quotaEntries.$inferInsert)[]) =>
  insertRows(db, quotaEntries, values);

export type TMovementRow = typeof quotaMovements.$inferSelect;
