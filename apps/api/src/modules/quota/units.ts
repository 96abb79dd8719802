import { randomUUID } from 'node:crypto';
import type { TDb, TTx } from '../../db/client.ts';
import { coalesce, perHandle } from '../../db/coalesce.ts';
import { AppError } from '../../lib/app-error.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import {
  insufficientQuota,
  move,
  SYSTEM_CONSUMED,
  spendOf,
  systemAccountId,
  type TAccountRef,
} from './ledger.ts';
import * as repo from './units.repository.ts';

/** What one unit pays for: who pays, who acts, which document. */
export type TUnitRequest = {
  kind: 'emeterai' | 'esign';
  payer: TAccountRef;
  actorUserId: number | null;
  documentId: number;
  /**
   * The reservation's key (unique; default a random one). A job passes one made of its id, so
   * that its retry finds the reservation of an attempt whose process died.
   */
  key?: string;
};

/** A reserved unit: `spend` marks it used, inside the transaction that stores the work. */
export type TUnit = {
  id: number;
  spend: (tx: TTx) => Promise<void>;
  /**
   * The caller's own statement stored the work and spent the reservation with it (by its id,
   * units.repository `settleUpdate`): nothing is released afterwards.
   */
  spentWith: () => void;
  /**
   * The payer's balance right after this unit's reservation (undefined when a retry found the
   * reservation of an earlier attempt): what the low-quota notice compares, without a read.
   */
  balanceAfter: number | undefined;
};

/**
 * Reserves one unit: the ledger's `spend` movement (payer → consumed, never below zero) and the
 * reservation row, written together by one statement. Throws the ledger's 422 when the balance
 * is short. A key used before (a retried attempt's) gives the reservation made with it.
 */
export const reserveUnit = async (db: TDb, request: TUnitRequest) =>
  (await reserveUnitWithBalance(db, request)).id;

/**
 * Reservations of one payer made at the same moment (a batch's documents) share a statement:
 * the first goes alone, those that arrive meanwhile wait for it and then go together
 * (`db/coalesce.ts`); a group that fails together (a key used before, a balance too short for
 * all of them) is made again one by one, so each answers as it would have alone.
 */
const reserveCoalesced = perHandle((db: TDb) =>
  coalesce<repo.TReserveWithSpend, { id: number; balance: number } | undefined>({
    key: ({ spend: s }) =>
      JSON.stringify([s.payer.ownerType, s.payer.ownerId, s.kind, s.systemAccountId, s.reason]) +
      JSON.stringify([s.companyId, s.note, s.quantity]),
    one: (r) => repo.reserveWithSpend(db, r),
    many: async (rs) => {
      const rows = await repo.reserveManyWithSpend(db, rs);
      // Short for all of them together: each is tried alone (some may still fit).
      if (rows === undefined) throw new Error('balance short for the group');
      return rows;
    },
    max: 32,
  }),
);

/** `reserveUnit`, with the payer's balance after the debit (not known for an earlier key's). */
const reserveUnitWithBalance = async (
  db: TDb,
  request: TUnitRequest,
): Promise<{ id: number; balance: number | undefined }> => {
  const key = request.key ?? randomUUID();
  const consumed = await systemAccountId(db, SYSTEM_CONSUMED, request.kind);
  const values = {
    spend: spendOf(
      {
        kind: request.kind,
        quantity: 1,
        from: request.payer,
        reason: 'spend',
        actorUserId: request.actorUserId,
        companyId: request.payer.companyId,
        ref: { type: 'document', id: String(request.documentId) },
        idempotencyKey: `unit:${key}`,
      },
      consumed,
    ),
    documentId: request.documentId,
    key,
  };
  try {
    const reserved = await reserveCoalesced(db)(values);
    if (reserved === undefined) throw insufficientQuota();
    return reserved;
  } catch (error) {
    const earlier = isUniqueViolation(error) ? await repo.reservationByKey(db, key) : undefined;
    if (earlier === undefined) throw error;
    return { id: earlier, balance: undefined };
  }
};

/** reserved → spent, in the caller's transaction; refused (rolls it back) if it was released. */
export const spendUnit = async (tx: TTx, reservationId: number) => {
  if (!(await repo.settleReservation(tx, reservationId, 'spent'))) {
    throw new AppError('CONFLICT', 'Dokumen sedang diproses');
  }
};

class NotReserved extends Error {}

/**
 * reserved → released with the refund movement (consumed → payer), in one transaction. Does
 * nothing when the unit was already spent or released. Returns whether a unit went back.
 */
export const releaseUnit = async (db: TDb, reservationId: number, note: string) => {
  const found = await repo.findReservation(db, reservationId);
  if (found?.reservation.state !== 'reserved') return false;
  const { reservation, payer } = found;
  try {
    await move(db, {
      kind: reservation.kind,
      quantity: 1,
      from: SYSTEM_CONSUMED,
      to: { ownerType: payer.ownerType, ownerId: payer.ownerId, companyId: payer.companyId },
      reason: 'refund',
      actorUserId: reservation.actorUserId,
      companyId: payer.companyId,
      ref: { type: 'document', id: String(reservation.documentId ?? '') },
      idempotencyKey: `unit-release:${reservation.idempotencyKey}`,
      note: note.slice(0, 500),
      // Claims the reservation first: a concurrent spend or release finds it no longer reserved.
      guard: async (tx) => {
        if (!(await repo.settleReservation(tx, reservation.id, 'released', { note })))
          throw new NotReserved();
      },
      within: (tx, movement) => repo.setReleaseMovement(tx, reservation.id, movement.id),
    });
    return true;
  } catch (error) {
    if (error instanceof NotReserved) return false;
    throw error;
  }
};

/**
 * The one unit saga (stamp, sign, and bulk later): reserve a unit, run `work`, which must call
 * `unit.spend(tx)` in the transaction that stores its result; if `work` throws, or returns
 * without spending, the unit is released (refunded) and the error goes on.
 */
export const withUnit = async <T>(
  db: TDb,
  request: TUnitRequest,
  work: (unit: TUnit) => Promise<T>,
  releaseNote: (error: unknown) => string = (error) =>
    error instanceof Error ? error.message : 'work failed',
  /**
   * Called when `work` failed and its unit was no longer reserved: someone else (the retry of
   * a job that took this attempt over, or the recovery sweep) released it and owns the document.
   */
  onLost?: () => void,
): Promise<T> => {
  const { id, balance } = await reserveUnitWithBalance(db, request);
  let spent = false;
  const unit: TUnit = {
    id,
    balanceAfter: balance,
    spend: async (tx) => {
      await spendUnit(tx, id);
      spent = true;
    },
    spentWith: () => {
      spent = true;
    },
  };
  let result: T;
  try {
    result = await work(unit);
  } catch (error) {
    spent = false;
    if (!(await releaseUnit(db, id, releaseNote(error)))) onLost?.();
    throw error;
  }
  if (!spent) await releaseUnit(db, id, 'not used');
  return result;
};

/** The reservations a job's retry, or the recovery sweep, looks for (see document-work). */
export {
  hasReservedUnit,
  reservationsByKeyPrefix,
  /** A unit's settling UPDATE, not run: a statement that stores the work spends it with it. */
  settleUpdate,
  staleReservations,
} from './units.repository.ts';
