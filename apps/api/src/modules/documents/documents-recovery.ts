import type { TDb } from '../../db/client.ts';
import { move, SYSTEM_CONSUMED } from '../quota/ledger.ts';
import * as repo from './documents.repository.ts';

/**
 * Idempotency keys of the units a document spends and gets back, one pair per attempt. The
 * service writes them; recovery reads them to find a spend whose attempt never finished.
 */
export const UNIT_KEYS = {
  stamp: { spend: 'stamp', refund: 'refund' },
  esign: { spend: 'esign', refund: 'esign-refund' },
} as const;
export const unitKey = (prefix: string, documentId: number, attempt: string) =>
  `${prefix}:${documentId}:${attempt}`;

/** A document still `stamping` after this long lost its process (a stamp takes seconds). */
export const STUCK_AFTER_MS = 15 * 60_000;

/**
 * A process that died mid-stamp or mid-sign leaves its document in `stamping` with a unit spent.
 * After `staleMs` (far longer than any stamp may take) the unit goes back to the account that
 * paid it and the document to the state it can be worked on from. Safe to run from several
 * processes at once: refunds carry idempotency keys and the release is conditional.
 * Returns how many documents were released.
 */
export const recoverStuckDocuments = async (db: TDb, staleMs = STUCK_AFTER_MS) => {
  const before = new Date(Date.now() - staleMs);
  let recovered = 0;
  for (const doc of await repo.stuckDocuments(db, before)) {
    const movements = await repo.movementsOfDocument(db, doc.id);
    const keys = new Set(movements.map((m) => m.key));
    const open = ({ spend, refund }: { spend: string; refund: string }) => {
      const prefix = unitKey(spend, doc.id, '');
      return movements.filter((m) => {
        if (m.reason !== 'spend' || !m.key?.startsWith(prefix)) return false;
        const attempt = m.key.slice(prefix.length);
        return !keys.has(unitKey(refund, doc.id, attempt)) && !keys.has(`recover:${m.key}`);
      });
    };
    const statuses = (await repo.signerStatuses(db, doc.id)).map((s) => s.status);
    const signed = statuses.filter((s) => s === 'signed').length;
    // Not stamped: every open e-Meterai spend is the dead attempt's. Each kept signature keeps
    // one e-sign spend; open e-sign spends beyond those belong to the dead attempt.
    const stampSpends = doc.serialNumberId === null ? open(UNIT_KEYS.stamp) : [];
    const esignSpends = open(UNIT_KEYS.esign).slice(signed);
    for (const spend of [...stampSpends, ...esignSpends]) {
      await move(db, {
        kind: spend.kind,
        quantity: 1,
        from: SYSTEM_CONSUMED,
        to: spend.from,
        reason: 'refund',
        companyId: spend.from.companyId,
        ref: { type: 'document', id: String(doc.id) },
        idempotencyKey: `recover:${spend.key}`,
        note: 'processing stopped (process restarted); unit returned',
      });
    }
    await repo.failIssuedSerials(db, doc.id);
    const next = statuses.includes('pending') ? 'signing' : signed > 0 ? 'signed' : 'draft';
    if (await repo.releaseStuck(db, doc.id, before, next)) recovered += 1;
  }
  return recovered;
};
