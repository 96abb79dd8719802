import type { TDb } from '../../db/client.ts';
import type { TFileStore } from '../../storage/file-store.ts';
import { abortWork, busy } from '../documents/index.ts';
import { type TAccountRef, type TUnit, withUnit } from '../quota/index.ts';
import { attemptKey, type TJobAttempt } from './takeover.ts';

/** What a sign or a stamp on a document it has claimed (`from`) spends, and how it fails. */
export type TClaimedWork = {
  kind: 'emeterai' | 'esign';
  payer: TAccountRef;
  /** The user who acts; null for a party outside the company (no account). */
  actorUserId: number | null;
  documentId: number;
  /** The busy state the claim put the document in. */
  from: 'esigning' | 'stamping';
  /** The job attempt that runs the work (its unit is found again by a retry), if any. */
  attempt: TJobAttempt | undefined;
  /** The message of a failure that is not an `AppError` (the unit is refunded). */
  fallback: string;
  /** Fields of that failure's 503. */
  fields?: Record<string, string>;
  /** The note of the unit's release (`withUnit`'s default: the error's message). */
  releaseNote?: (error: unknown) => string;
  /** Runs on a failure before the document is given back (e.g. keep the serial as failed). */
  onFailure?: () => Promise<void>;
};

/** Keeps the work's new file under `key`; removed again when the work fails. */
export type TStoreResult = (key: string, bytes: Uint8Array) => Promise<void>;

/**
 * The unit saga of a sign or a stamp (`withUnit`): `work` runs with a reserved unit and spends
 * it in the transaction that stores its result. On a failure the stored file is removed; when a
 * retry of the job (or the recovery sweep) took the document over, a 409 and nothing more;
 * otherwise the document is given back (`abortWork`) and the failure answered.
 */
export const runClaimedWork = async <T>(
  db: TDb,
  files: TFileStore,
  claim: TClaimedWork,
  work: (unit: TUnit, store: TStoreResult) => Promise<T>,
): Promise<T> => {
  const { kind, payer, actorUserId, documentId, attempt } = claim;
  let reserved = false;
  let lost = false;
  let storedKey: string | null = null;
  const store: TStoreResult = async (key, bytes) => {
    storedKey = key;
    await files.put(key, bytes);
  };
  try {
    return await withUnit(
      db,
      { kind, payer, actorUserId, documentId, ...(attempt ? { key: attemptKey(attempt) } : {}) },
      (unit) => {
        reserved = true;
        return work(unit, store);
      },
      claim.releaseNote,
      () => {
        lost = true;
      },
    );
  } catch (error) {
    if (lost) {
      if (storedKey) await files.delete(storedKey);
      throw busy();
    }
    // The failure is recorded (e.g. the serial kept as failed) before the file is removed, so a
    // storage error on the removal cannot leave it unrecorded.
    await claim.onFailure?.();
    if (storedKey) await files.delete(storedKey);
    return abortWork(db, documentId, claim.from, error, {
      reserved,
      fallback: claim.fallback,
      ...(claim.fields ? { fields: claim.fields } : {}),
    });
  }
};
