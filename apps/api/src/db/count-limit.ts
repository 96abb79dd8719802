import { sql } from 'drizzle-orm';
import type { TDb, TTx } from './client.ts';

/**
 * Count limits that hold under concurrency (specimens per user, child users per subscription,
 * and the ones to come: folders, storage, API keys). Each limit has a scope number; the count and
 * the insert run in one transaction that first takes a transaction-scoped advisory lock on
 * (scope, owner), so two requests of the same owner count one after the other and never both see
 * room for one more. The lock needs no row to exist (a first insert is guarded too) and is
 * released at commit or rollback. PGlite has one connection, so there it is only a formality.
 */
export const LIMIT_SCOPES = {
  specimens: 1,
  childUsers: 2,
  folders: 3,
  storage: 4,
  apiKeys: 5,
} as const;
export type TLimitScope = keyof typeof LIMIT_SCOPES;

/** The lock of one (scope, owner) as an SQL call, for a statement that takes it itself. */
export const limitLockCall = (scope: TLimitScope, ownerId: number) =>
  sql`pg_advisory_xact_lock(${LIMIT_SCOPES[scope]}::int, ${ownerId}::int)`;

/** Serialises the writers of one (scope, owner) until the transaction ends. */
export const lockLimit = async (tx: TTx, scope: TLimitScope, ownerId: number): Promise<void> => {
  await tx.execute(sql`select ${limitLockCall(scope, ownerId)}`);
};

export type TLimitedInsert<T> = {
  scope: TLimitScope;
  ownerId: number;
  limit: number;
  /** How many the owner has now (read inside the locked transaction). */
  count: (tx: TTx) => Promise<number>;
  /** Called with the count when it is below the limit. */
  insert: (tx: TTx, used: number) => Promise<T>;
  /** The error to throw when the limit is reached. */
  refuse: (limit: number) => Error;
};

/** Counts and inserts under the owner's lock: at most `limit` rows, whatever runs in parallel. */
export const insertWithinLimit = <T>(db: TDb, job: TLimitedInsert<T>): Promise<T> =>
  db.transaction(async (tx) => {
    await lockLimit(tx, job.scope, job.ownerId);
    const used = await job.count(tx);
    if (used >= job.limit) throw job.refuse(job.limit);
    return job.insert(tx, used);
  });
