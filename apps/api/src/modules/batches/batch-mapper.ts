import type { TBatch, TBatchItem } from '@bubuh/contracts';
import type { TBatchItemRow, TBatchRow } from './batches.repository.ts';

/** The counts of a batch, from its counters (kept with every item move). */
export const countsOf = (b: TBatchRow) => {
  const counts = {
    ready: b.countReady,
    rejected: b.countRejected,
    queued: b.countQueued,
    stamping: b.countStamping,
    stamped: b.countStamped,
    failed: b.countFailed,
    cancelled: b.countCancelled,
  };
  const total = Object.values(counts).reduce((n, v) => n + v, 0);
  return { total, ...counts };
};

/** Units of e-Meterai the batch still needs: files ready, queued or being stamped. */
export const unitsNeeded = (b: TBatchRow) => b.countReady + b.countQueued + b.countStamping;

/** `balances`: what the payer holds now (e-sign: 0 when the batch does not sign). */
export const toWireBatch = (
  b: TBatchRow,
  owner: string,
  balances: { emeterai: number; esign: number },
): TBatch => {
  const counts = countsOf(b);
  const accepted = counts.total - counts.rejected - counts.ready;
  const finished = counts.stamped + counts.failed + counts.cancelled;
  return {
    id: b.id,
    name: b.name,
    status: b.status,
    doc_type: b.docType,
    doc_value: b.docValue,
    placement: b.placement,
    esign: b.esign,
    template_id: b.templateId,
    owner,
    owner_id: b.ownerUserId,
    counts,
    units_needed: unitsNeeded(b),
    balance: balances.emeterai,
    esign_units_needed: b.esign ? unitsNeeded(b) : 0,
    esign_balance: balances.esign,
    progress: accepted > 0 ? Math.round((finished / accepted) * 1000) / 10 : 0,
    locker_unfiled: b.countUnfiled,
    created_at: b.createdAt.toISOString(),
    started_at: b.startedAt?.toISOString() ?? null,
    finished_at: b.finishedAt?.toISOString() ?? null,
  };
};

export const toWireItem = (i: TBatchItemRow): TBatchItem => ({
  id: i.id,
  file_name: i.fileName,
  status: i.status,
  reason: i.reason,
  document_id: i.documentId,
  page_count: i.pageCount,
  serial_number: i.serial,
  stamped_at: i.stampedAt?.toISOString() ?? null,
  doc_type: i.docType,
  doc_value: i.docValue,
  doc_number: i.docNumber,
  doc_date: i.docDate,
  locker_problem: i.lockerProblem,
});
