import type { TDb, TTx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import type { TAccountRef, TMovementRow, TQuotaKind } from './ledger.repository.ts';
import * as repo from './ledger.repository.ts';

export type { TAccountRef, TQuotaKind } from './ledger.repository.ts';

/** The world outside the wallet: units come from ISSUED (purchases, seed) and go to CONSUMED. */
export const SYSTEM_ISSUED: TAccountRef = { ownerType: 'system', ownerId: 1, companyId: null };
export const SYSTEM_CONSUMED: TAccountRef = { ownerType: 'system', ownerId: 2, companyId: null };

export type TMoveInput = {
  kind: TQuotaKind;
  quantity: number;
  from: TAccountRef;
  to: TAccountRef;
  reason: TMovementRow['reason'];
  actorUserId?: number | null;
  companyId?: number | null;
  ref?: { type: string; id: string };
  /** Same key = same movement: a retried request applies once and returns the first result. */
  idempotencyKey?: string;
  note?: string;
  /** Message when the source balance is short. */
  insufficientMessage?: string;
  /**
   * Runs first in the transaction, before the accounts are locked: the place to lock and re-check
   * what the movement depends on, e.g. that a department still exists (its delete locks the
   * department row, then its accounts: the same order). Throwing rolls the movement back.
   */
  guard?: (tx: TTx) => Promise<void>;
  /**
   * Runs last in the transaction, with the new movement: the place to write what must exist
   * exactly when the movement does (e.g. a unit reservation). Not run on a replay.
   */
  within?: (tx: TTx, movement: TMovementRow) => Promise<void>;
};

export type TMoveResult = {
  movement: TMovementRow;
  replayed: boolean;
  /** The balances after the movement (null: a system account, which keeps none; NaN: a replay). */
  fromBalance: number | null;
  toBalance: number | null;
};

/** The ids of the system accounts of one database (they never change once made). */
const systemIds = new WeakMap<TDb, Map<string, number>>();

const isSystem = (ref: TAccountRef) => ref.ownerType === 'system';

/**
 * The ids of a movement's system sides, created on first use outside any transaction (a row of
 * its own, so a movement that rolls back never leaves a remembered id behind) and then remembered
 * for the database. System accounts are the world outside the wallet (issued, consumed):
 * unlimited and without a kept balance, so they are never locked or updated, and no spend
 * anywhere waits on another company's spend. Their totals are the sums of their entries.
 */
const systemAccountIds = async (db: TDb, input: Pick<TMoveInput, 'from' | 'to' | 'kind'>) => {
  const ids = systemIds.get(db) ?? new Map<string, number>();
  systemIds.set(db, ids);
  for (const ref of [input.from, input.to].filter(isSystem)) {
    const key = `${ref.ownerId}:${input.kind}`;
    if (!ids.has(key)) ids.set(key, (await repo.ensureAccount(db, ref, input.kind)).id);
  }
  return (ref: TAccountRef) => {
    const id = ids.get(`${ref.ownerId}:${input.kind}`);
    if (id === undefined) throw new Error(`system account ${ref.ownerId} is not resolved`);
    return id;
  };
};

/** The id of a system account (issued, consumed) for `kind`, made on first use. */
export const systemAccountId = async (db: TDb, ref: TAccountRef, kind: TQuotaKind) =>
  (await systemAccountIds(db, { from: ref, to: ref, kind }))(ref);

/** A move from a real account to a system one as the ledger's one-statement spend. */
export const spendOf = (
  input: Omit<TMoveInput, 'to' | 'guard' | 'within'>,
  systemAccount: number,
): repo.TSpend => ({
  kind: input.kind,
  quantity: input.quantity,
  payer: input.from,
  systemAccountId: systemAccount,
  reason: input.reason,
  actorUserId: input.actorUserId ?? null,
  companyId: input.companyId ?? null,
  ref: input.ref ?? null,
  idempotencyKey: input.idempotencyKey ?? null,
  note: input.note ?? null,
});

/** The refusal of a movement whose source balance is short. */
export const insufficientQuota = (message = 'Kuota tidak mencukupi') =>
  new AppError('UNPROCESSABLE', message, { quota: 'insufficient' });

/**
 * One movement inside the caller's transaction: lock the real accounts (in id order when both
 * sides are real), debit (never below zero), credit, the movement row and its two entries.
 */
const applyMove = async (
  tx: TTx,
  input: TMoveInput,
  systemId: (ref: TAccountRef) => number,
): Promise<TMoveResult> => {
  const { kind, quantity } = input;
  const insufficient = () => insufficientQuota(input.insufficientMessage);
  const record = async (
    fromId: number,
    toId: number,
    fromBalance: number | null,
    toBalance: number | null,
  ): Promise<TMoveResult> => {
    const movement = await repo.insertMovement(tx, {
      kind,
      quantity,
      reason: input.reason,
      fromAccountId: fromId,
      toAccountId: toId,
      actorUserId: input.actorUserId ?? null,
      companyId: input.companyId ?? null,
      refType: input.ref?.type ?? null,
      refId: input.ref?.id ?? null,
      idempotencyKey: input.idempotencyKey ?? null,
      note: input.note ?? null,
    });
    await repo.insertEntries(tx, [
      { movementId: movement.id, accountId: fromId, delta: -quantity, balanceAfter: fromBalance },
      { movementId: movement.id, accountId: toId, delta: quantity, balanceAfter: toBalance },
    ]);
    return { movement, replayed: false, fromBalance, toBalance };
  };
  if (!isSystem(input.from) && isSystem(input.to)) {
    // A spend: one statement, the one a unit's reservation is written with (`spendStatement`).
    const spent = await repo.spend(tx, spendOf(input, systemId(input.to)));
    if (!spent) throw insufficient();
    const movement = await repo.findMovement(tx, spent.movementId);
    if (!movement) throw new Error('spend movement vanished');
    return { movement, replayed: false, fromBalance: spent.balance, toBalance: null };
  }
  const side = async (ref: TAccountRef, other: TAccountRef) =>
    isSystem(ref)
      ? { id: systemId(ref), system: true }
      : isSystem(other)
        ? { id: (await repo.lockedAccount(tx, ref, kind)).id, system: false }
        : { id: (await repo.ensureAccount(tx, ref, kind)).id, system: false };
  const from = await side(input.from, input.to);
  const to = await side(input.to, input.from);
  if (!from.system && !to.system) await repo.lockAccounts(tx, [from.id, to.id]);
  const fromBalance = from.system ? null : await repo.debit(tx, from.id, quantity);
  if (fromBalance === undefined) throw insufficient();
  const toBalance = to.system ? null : await repo.credit(tx, to.id, quantity);
  return record(from.id, to.id, fromBalance, toBalance);
};

/**
 * Moves units between two accounts in one transaction: debit (never below zero, except system
 * accounts), credit, the movement row and its two entries. Nothing else changes a balance.
 */
export const move = async (db: TDb, input: TMoveInput): Promise<TMoveResult> => {
  if (!Number.isInteger(input.quantity) || input.quantity <= 0) {
    throw new AppError('VALIDATION_FAILED', 'Quota must be a whole number above 0', {
      quota: 'invalid',
    });
  }
  /**
   * A key already used: the same request (kind, quantity, reason, source and target accounts)
   * gets the first movement back; anything else with that key is refused.
   */
  const replay = async (): Promise<TMoveResult | undefined> => {
    if (!input.idempotencyKey) return undefined;
    const existing = await repo.findMovementByKey(db, input.idempotencyKey);
    if (!existing) return undefined;
    const [from, to] = await Promise.all([
      repo.findAccount(db, input.from.ownerType, input.from.ownerId, input.kind),
      repo.findAccount(db, input.to.ownerType, input.to.ownerId, input.kind),
    ]);
    const same =
      existing.kind === input.kind &&
      existing.quantity === input.quantity &&
      existing.reason === input.reason &&
      from !== undefined &&
      to !== undefined &&
      existing.fromAccountId === from.id &&
      existing.toAccountId === to.id;
    if (!same) {
      throw new AppError(
        'CONFLICT',
        'This idempotency key was already used for a different request',
        { idempotency_key: 'reused' },
      );
    }
    return { movement: existing, replayed: true, fromBalance: Number.NaN, toBalance: Number.NaN };
  };

  const first = await replay();
  if (first) return first;
  try {
    const systemId = await systemAccountIds(db, input);
    return await db.transaction(async (tx) => {
      await input.guard?.(tx);
      const result = await applyMove(tx, input, systemId);
      await input.within?.(tx, result.movement);
      return result;
    });
  } catch (error) {
    // Two requests with one key raced: the loser sees the winner's movement.
    if (isUniqueViolation(error)) {
      const again = await replay();
      if (again) return again;
    }
    throw error;
  }
};

/**
 * Row locks on every account of one owner (all kinds), in id order like `move`, so that a caller
 * about to remove the owner reads balances no movement is changing. Returns the locked accounts.
 */
export const lockOwnerAccounts = (tx: TTx, ownerType: TAccountRef['ownerType'], ownerId: number) =>
  repo.lockOwnerAccounts(tx, ownerType, ownerId);

export const balanceOf = async (
  db: TDb | TTx,
  ref: TAccountRef,
  kind: TQuotaKind,
): Promise<number> => (await repo.findAccount(db, ref.ownerType, ref.ownerId, kind))?.balance ?? 0;

/**
 * Several movements that stand or fall together (e.g. the e-Meterai, e-sign and PSrE units of a
 * paid plan) in one transaction: `guard` first (lock and re-check what they depend on), then each
 * movement, then `within`. Idempotency is the caller's: a unique key already used makes the whole
 * transaction fail with the database's unique violation.
 */
export const moveAll = async <T>(
  db: TDb,
  input: {
    moves: Omit<TMoveInput, 'guard' | 'within'>[];
    guard: (tx: TTx) => Promise<T>;
    within: (tx: TTx, movements: TMovementRow[], guarded: T) => Promise<void>;
  },
): Promise<TMovementRow[]> => {
  const resolved: { move: (typeof input.moves)[number]; systemId: (ref: TAccountRef) => number }[] =
    [];
  for (const m of input.moves) resolved.push({ move: m, systemId: await systemAccountIds(db, m) });
  return db.transaction(async (tx) => {
    const guarded = await input.guard(tx);
    const movements: TMovementRow[] = [];
    for (const { move: m, systemId } of resolved) {
      if (!Number.isInteger(m.quantity) || m.quantity <= 0) continue;
      movements.push((await applyMove(tx, m, systemId)).movement);
    }
    await input.within(tx, movements, guarded);
    return movements;
  });
};
