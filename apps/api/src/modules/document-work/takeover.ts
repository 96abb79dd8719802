import type { TDocumentState } from '@bubuh/contracts';
import type { TDb } from '../../db/client.ts';
import { signerCounts, tryEvent } from '../documents/index.ts';
import { hasReservedUnit, releaseUnit, reservationsByKeyPrefix } from '../quota/index.ts';
import { failIssuedSerials } from '../stamping/index.ts';

/** One attempt of a stamp or sign job (pg-boss job id, retries so far). */
export type TJobAttempt = { jobId: string; retryCount: number };

/** The reservation key of an attempt: its job's retries find it by the job id. */
export const attemptKey = (attempt: TJobAttempt) => `job:${attempt.jobId}:${attempt.retryCount}`;

/**
 * A claim (`stamping`, `esigning`) this old with no unit reserved was left by a process that died
 * between the claim and the reservation (milliseconds apart in a live process).
 */
const DEAD_CLAIM_MS = 30_000;

const TAKEN_OVER_NOTE = 'processing stopped (process died); the job retries';

/**
 * Run before an attempt of a job: what an earlier attempt of the same job left behind.
 * `done`: an earlier attempt finished (its unit is spent): the caller answers that result.
 * `ready`: the attempt may run as a first one (read the document again: it may have changed).
 * `untouched`: a first attempt (pg-boss hands each attempt out once, and a retry counts up), or
 * no earlier attempt left anything: the caller's document is still current. An earlier
 * attempt's unit still reserved means its process died (or outlived the job's expiry): the
 * unit is released here (refund, exactly once: release and spend are both conditional on
 * `reserved`), its issued serial becomes reusable and
 * the document returns to rest, so this attempt claims it again, reuses the serial and spends one
 * unit. If the earlier attempt is in fact alive, its final transaction can no longer spend the
 * released unit, and on failing it leaves the document alone (`withUnit`'s `onLost`).
 */
export const takeOverEarlierAttempts = async (
  db: TDb,
  doc: { id: number; state: TDocumentState; updatedAt: Date },
  busyState: 'stamping' | 'esigning',
  attempt: TJobAttempt,
): Promise<'done' | 'ready' | 'untouched'> => {
  if (attempt.retryCount === 0) return 'untouched';
  const prefix = `job:${attempt.jobId}:`;
  const earlier = await reservationsByKeyPrefix(db, doc.id, prefix);
  if (earlier.some((r) => r.state === 'spent')) return 'done';
  let takeOver = false;
  for (const reservation of earlier.filter((r) => r.state === 'reserved')) {
    if (await releaseUnit(db, reservation.id, TAKEN_OVER_NOTE)) takeOver = true;
    else {
      // The earlier attempt was alive and settled its unit meanwhile: spent means it is done.
      const again = await reservationsByKeyPrefix(db, doc.id, prefix);
      if (again.some((r) => r.state === 'spent')) return 'done';
    }
  }
  if (
    !takeOver &&
    attempt.retryCount > 0 &&
    doc.state === busyState &&
    doc.updatedAt.getTime() < Date.now() - DEAD_CLAIM_MS &&
    !(await hasReservedUnit(db, doc.id))
  ) {
    takeOver = true;
  }
  if (takeOver && doc.state === busyState) {
    if (busyState === 'stamping') await failIssuedSerials(db, doc.id);
    const counts = await signerCounts(db, doc.id);
    await tryEvent(db, doc.id, busyState, { type: 'abort', ...counts });
  }
  return takeOver || earlier.length > 0 ? 'ready' : 'untouched';
};
