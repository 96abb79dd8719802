import { getTableColumns, sql } from 'drizzle-orm';
import type { TDb } from '../../db/client.ts';
import { coalesce } from '../../db/coalesce.ts';
import { limitLockCall } from '../../db/count-limit.ts';
import { lockerUsage, lockerItems as t } from '../../db/schema.ts';
import { isAssertFailure } from '../../lib/db-errors.ts';
import type { TSpaceRef } from './locker-queries.repository.ts';

type TLockerInsert = typeof t.$inferInsert;
type TLockerRow = typeof t.$inferSelect;

/** Stable lock number of a storage account or space (advisory locks take an int). */
const lockNumber = (key: string): number => {
  let hash = 0;
  for (const char of key) hash = (Math.imul(hash, 31) + char.charCodeAt(0)) | 0;
  return hash;
};

/** The lock of a space's names (one writer names items apart at a time). */
export const spaceLock = (ref: TSpaceRef) =>
  limitLockCall(
    'folders',
    lockNumber(ref.space === 'private' ? `u:${ref.userId}` : `c:${ref.companyId}`),
  );

/** Adds `bytes` to a storage account while it stays within `max` (no row: it would not). */
export const reserveUpdate = (db: TDb, use: { account: string; bytes: number; max: number }) =>
  db
    .insert(lockerUsage)
    .values({ account: use.account, usedBytes: use.bytes })
    .onConflictDoUpdate({
      target: lockerUsage.account,
      set: { usedBytes: sql`${lockerUsage.usedBytes} + ${use.bytes}`, updatedAt: new Date() },
      setWhere: sql`${lockerUsage.usedBytes} + ${use.bytes} <= ${use.max}`,
    })
    .returning({ used: lockerUsage.usedBytes });

type TUse = { account: string; bytes: number; max: number };
type TReserving = { ref: TSpaceRef; values: TLockerInsert; use: TUse };
type TReserved = 'full' | 'taken' | { row: TLockerRow; usedBytes: number };

/**
 * The files of `inputs` (one space and account) inserted while their names are free, their bytes
 * added to the account together: the statement fails (the locker is full) when the account
 * cannot take them all. Each input's row and the account's bytes right after it, or `taken`.
 */
const insertMany = async (db: TDb, inputs: TReserving[]): Promise<TReserved[]> => {
  const [first] = inputs;
  if (!first) return [];
  const bytes = inputs.reduce((sum, i) => sum + i.use.bytes, 0);
  const reserved = db.$with('reserved').as(reserveUpdate(db, { ...first.use, bytes }));
  const rows = await db
    .with(reserved)
    .insert(t)
    .values(
      inputs.map(({ values }) => ({
        ...values,
        name: sql`(select ${values.name}::varchar from (select ${spaceLock(first.ref)}) as space_lock where bubuh_assert(exists (select 1 from ${reserved}), 'the locker is full'))`,
      })),
    )
    .onConflictDoNothing()
    .returning({
      ...getTableColumns(t),
      usedBytes: sql<number>`(select ${reserved.used} from ${reserved})`.mapWith(Number),
    });
  const byKey = new Map(rows.map(({ usedBytes, ...row }) => [row.storageKey, { row, usedBytes }]));
  // The bytes after each, as if stored one after another in this order.
  let later = 0;
  return inputs
    .map((_, i) => inputs[inputs.length - 1 - i] as TReserving)
    .map((input) => {
      const found = byKey.get(input.values.storageKey ?? null);
      const answer: TReserved = found
        ? { row: found.row, usedBytes: found.usedBytes - later }
        : 'taken';
      later += input.use.bytes;
      return answer;
    })
    .reverse();
};

/**
 * `insertIfNameFree` of a file that first adds its bytes to the storage account (as
 * `reserve`), in one statement: `full` when the account cannot take them (nothing written),
 * `taken` when the name is (the bytes stay reserved for the caller's next try), else the row
 * and the account's bytes after it. Files of one account and space stored at the same moment
 * (a batch's results) share a statement (`db/coalesce.ts`): a group the account cannot take
 * whole is stored one by one.
 */
export const insertReservingOf = (db: TDb) => {
  const one = async ({ ref, values, use }: TReserving): Promise<TReserved> => {
    if (use.bytes > use.max) return 'full';
    try {
      const [answer] = await insertMany(db, [{ ref, values, use }]);
      return answer ?? 'taken';
    } catch (error) {
      if (isAssertFailure(error)) return 'full';
      throw error;
    }
  };
  const insert = coalesce<TReserving, TReserved>({
    key: ({ ref, use }) => JSON.stringify([ref, use.account, use.max]),
    one,
    many: (inputs) => insertMany(db, inputs),
    max: 32,
  });
  return (ref: TSpaceRef, values: TLockerInsert, use: TUse) => insert({ ref, values, use });
};
