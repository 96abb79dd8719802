import type { TDb, TTx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { balanceOf, type TAccountRef } from '../quota/index.ts';
import { unitsTaken } from './batch-items.repository.ts';
import { unitsNeeded } from './batch-mapper.ts';
import type { TBatchRow } from './batches.repository.ts';

/** What a batch's payer holds of both kinds of unit it may spend. */
export type TBatchBalances = { emeterai: number; esign: number };

/** The payer's balances (e-sign read only when the batch signs). */
export const balancesOf = async (
  db: TDb | TTx,
  batch: Pick<TBatchRow, 'esign' | 'payer'>,
): Promise<TBatchBalances> => ({
  emeterai: await balanceOf(db, batch.payer, 'emeterai'),
  esign: batch.esign ? await balanceOf(db, batch.payer, 'esign') : 0,
});

/** Balances of many batches' payers, each read once per list. */
export const balanceCache = (db: TDb) => {
  const seen = new Map<string, Promise<number>>();
  const one = (payer: TAccountRef, kind: 'emeterai' | 'esign') => {
    const key = `${payer.ownerType}:${payer.ownerId}:${kind}`;
    let value = seen.get(key);
    if (!value) {
      value = balanceOf(db, payer, kind);
      seen.set(key, value);
    }
    return value;
  };
  return async (batch: Pick<TBatchRow, 'esign' | 'payer'>): Promise<TBatchBalances> => ({
    emeterai: await one(batch.payer, 'emeterai'),
    esign: batch.esign ? await one(batch.payer, 'esign') : 0,
  });
};

/**
 * Refuses work needing more units than the payer holds, with both numbers: the batch's
 * documents still to do (those being stamped that hold their unit already left out) plus
 * `extra` more.
 */
export const requireBalance = async (db: TDb | TTx, batch: TBatchRow, extra = 0) => {
  // Documents being stamped that hold their unit already are off the balance: not needed again.
  const stillNeeded = async (kind: 'emeterai' | 'esign') =>
    unitsNeeded(batch) +
    extra -
    (batch.countStamping > 0 ? await unitsTaken(db, batch.id, kind) : 0);
  const needed = {
    emeterai: await stillNeeded('emeterai'),
    esign: batch.esign ? await stillNeeded('esign') : 0,
  };
  const balances = await balancesOf(db, batch);
  if (needed.esign > balances.esign) {
    throw new AppError(
      'UNPROCESSABLE',
      `Not enough e-sign quota: the batch needs ${needed.esign} units, the balance is ${balances.esign}`,
      { quota: 'insufficient', kind: 'esign', needed: needed.esign, balance: balances.esign },
    );
  }
  if (needed.emeterai > balances.emeterai) {
    throw new AppError(
      'UNPROCESSABLE',
      `Not enough e-Meterai quota: the batch needs ${needed.emeterai} units, the balance is ${balances.emeterai}`,
      { quota: 'insufficient', needed: needed.emeterai, balance: balances.emeterai },
    );
  }
};
