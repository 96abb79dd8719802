import type { TDb } from '../../db/client.ts';
import { signerCounts, stuckDocuments, tryEvent } from '../documents/index.ts';
import { releaseUnit, staleReservations } from '../quota/index.ts';
import { failIssuedSerials } from '../stamping/index.ts';

/** A unit reserved, or a document in work, for this long lost its process (work takes seconds). */
export const STUCK_AFTER_MS = 15 * 60_000;

const RECOVERED_NOTE = 'processing stopped (process restarted); unit returned';

/**
 * A process that died mid-stamp or mid-sign leaves a unit reserved and its document in work
 * (`stamping`, `esigning`). After `staleMs` (far longer than any stamp may take) every unit
 * still reserved goes back to the account that paid it (its reservation row says which), the
 * document's issued serial becomes reusable (`failed`) and the document returns to rest as its
 * signatures say. Safe to run from several processes at once: a reservation is released once
 * and the state change is conditional. Returns how many documents were released.
 */
export const recoverStuckDocuments = async (db: TDb, staleMs = STUCK_AFTER_MS) => {
  const before = new Date(Date.now() - staleMs);
  for (const unit of await staleReservations(db, before)) {
    await releaseUnit(db, unit.id, RECOVERED_NOTE);
  }
  let recovered = 0;
  for (const doc of await stuckDocuments(db, before)) {
    await failIssuedSerials(db, doc.id);
    const counts = await signerCounts(db, doc.id);
    const released = await tryEvent(
      db,
      doc.id,
      doc.state,
      { type: 'abort', ...counts },
      { lastError: 'Pemrosesan terhenti; kuota telah dikembalikan. Silakan coba lagi.' },
    );
    if (released) recovered += 1;
  }
  return recovered;
};
