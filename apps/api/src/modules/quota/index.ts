// Quota units and their ledger: every balance change is a movement between two accounts, a
// stamp or signature reserves one unit and spends it with its result (see README "Quota").

export type { TOwnerType } from './ledger.repository.ts';
export {
  balanceOf,
  insufficientQuota,
  lockOwnerAccounts,
  move,
  moveAll,
  SYSTEM_CONSUMED,
  SYSTEM_ISSUED,
  type TAccountRef,
  type TMoveInput,
  type TMoveResult,
  type TQuotaKind,
} from './ledger.ts';
export { accountOf, accountRef, quotaScopeOf, type TQuotaScope, ZAccountRef } from './payer.ts';
export {
  hasReservedUnit,
  releaseUnit,
  reservationsByKeyPrefix,
  reserveUnit,
  settleUpdate,
  spendUnit,
  staleReservations,
  type TUnit,
  type TUnitRequest,
  withUnit,
} from './units.ts';
