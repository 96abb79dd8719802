import type { TDb } from '../../db/client.ts';
import type { TJobData, TJobInfo } from '../../jobs/jobs.ts';
import { AppError } from '../../lib/app-error.ts';
import * as documentsRepo from '../documents/documents.repository.ts';
import type { TSigningService } from '../signing/signing.service.ts';
import * as stampingRepo from '../stamping/stamping.repository.ts';
import type { TStampingService } from '../stamping/stamping.service.ts';
import { targetPage } from './batch-boxes.ts';
import * as queue from './batch-queue.repository.ts';
import * as repo from './batches.repository.ts';

/** The data of one document's job: plain ids, read again by the handler. */
export type TBatchItemJob = { batchId: number; itemId: number };

/** Called once when a running batch has stamped (or failed) its last document. */
export type TBatchFinishedListener = (batch: repo.TBatchRow) => Promise<void> | void;

export type TBatchRunnerDeps = {
  db: TDb;
  stamping: TStampingService;
  /** Signs a batch's documents before their stamp when the batch has an e-signature box. */
  signing: Pick<TSigningService, 'sign'>;
  /** Sends the job of one document with the given id (a no-op when that job still exists). */
  send: (jobId: string, data: TJobData) => Promise<unknown>;
  /** Documents of one batch in the queue or being stamped at once. */
  window: number;
  log: { error: (obj: object, msg: string) => void };
};

/** A queued item whose job was sent this long ago and never ran is sent again (same id). */
const LOST_JOB_MS = 120_000;
/**
 * An item `stamping` this long has outlived every retry of its job (documentJobRetryHorizonMs,
 * about 4 min): its document says how it ended.
 */
const STUCK_ITEM_MS = 20 * 60_000;

/** Errors a retry may cure (the provider, the network), as opposed to the document's own. */
const retryable = (error: unknown) =>
  !(error instanceof AppError) || error.code === 'SERVICE_UNAVAILABLE' || error.code === 'INTERNAL';

/**
 * Runs batches: one pg-boss job per document (`batch-stamp-item`), at most `window` per batch
 * in the queue at once (so one huge batch cannot starve the others). Starting, resuming and the
 * sweep fill the window (`pump`, counting under the batch's lock); each finished document then
 * gives its place to the next in the statement that moves it (`finishItem`). Each job stamps through the single-document core (`stamping.stamp`, which
 * spends its unit through `withUnit` and reuses a failed serial), so a document is stamped and
 * charged exactly once however often its job runs.
 */
export const createBatchRunner = (deps: TBatchRunnerDeps) => {
  const { db, stamping, signing } = deps;
  const listeners: TBatchFinishedListener[] = [];

  const pump = async (batchId: number) => {
    const claimed = await queue.claimForJobs(db, batchId, deps.window);
    for (const { id, jobId } of claimed) await deps.send(jobId, { batchId, itemId: id });
    return claimed.length;
  };

  const finishIfDone = async (batchId: number) => {
    const done = await queue.finishIfDone(db, batchId);
    if (!done) return undefined;
    for (const listener of listeners) {
      try {
        await listener(done);
      } catch (err) {
        deps.log.error({ err, batchId }, 'batch-finished listener failed');
      }
    }
    return done;
  };

  const markStamped = (itemId: number, serial: string, stampedAt: Date | null) =>
    queue.finishItem(db, itemId, 'stamped', {
      serial,
      stampedAt: stampedAt ?? new Date(),
      reason: null,
    });

  /** The stamped outcome already stored in the document (an earlier attempt did the work). */
  const alreadyStamped = async (documentId: number) => {
    const doc = await documentsRepo.findDocument(db, documentId);
    if (!doc) return { kind: 'gone' as const };
    if (doc.state === 'stamped' && doc.serialNumberId !== null) {
      const serial = await stampingRepo.serialById(db, doc.serialNumberId);
      return { kind: 'stamped' as const, serial: serial?.serial ?? '', at: doc.stampedAt };
    }
    return {
      kind: 'rest' as const,
      busy: doc.state === 'stamping' || doc.state === 'esigning',
      state: doc.state,
      pageCount: doc.pageCount,
    };
  };

  /**
   * The owner's e-signature on a document of a signing batch, through the single signing core
   * (`withUnit`: one e-sign unit, spent with the stored signature, released if signing fails).
   * Its attempt key differs from the stamp's (`<job>-sign`), so the two units of one job never
   * share a reservation and a retry finds each step's earlier attempt.
   */
  const signItem = async (
    batch: repo.TBatchRow,
    documentId: number,
    pageCount: number,
    job: TJobInfo,
  ) => {
    const box = batch.esign;
    if (!box) return;
    await signing.sign(
      {
        actor: batch.actor,
        payer: batch.payer,
        request: {
          document_id: documentId,
          page: targetPage(box, pageCount),
          x: box.x,
          y: box.y,
          width: box.width,
          height: box.height,
          // The owner confirmed their name and NIK when the batch was created.
          identity_confirmed: true,
        },
      },
      { jobId: `${job.id}-sign`, retryCount: job.retryCount },
    );
  };

  /** The handler of one document's job; idempotent (its item's status says what is left). */
  const runItem = async ({ batchId, itemId }: TBatchItemJob, job: TJobInfo) => {
    // The usual case: the item is queued in a running batch and this job takes it.
    const claimed = await queue.claimItem(db, itemId);
    const found = claimed ?? (await repo.findItemWithBatch(db, itemId));
    const { item, batch } = found ?? {};
    if (!item || !batch || item.batchId !== batchId || item.documentId === null) return;
    if (!claimed) {
      // Not taken: a paused batch's item gives its job back; a stamping one is a retried job's.
      if (item.status === 'queued' && batch.status === 'paused') await queue.releaseJob(db, itemId);
      if (item.status !== 'stamping') return;
    }
    const documentId = item.documentId;
    // Just claimed, without a signature to make first: the stamp reads the document itself (and
    // refuses a stamped one, which the catch below then records), so it is not read twice.
    const { pageCount } = item;
    const fresh = claimed !== undefined && !batch.esign && pageCount !== null;
    const before = fresh
      ? { kind: 'rest' as const, busy: false, state: null, pageCount }
      : await alreadyStamped(documentId);
    // This call's move out of the window, with the item that took its place.
    let left: Awaited<ReturnType<typeof queue.finishItem>>;
    if (before.kind === 'stamped') {
      left = await markStamped(itemId, before.serial, before.at);
    } else if (before.kind === 'gone') {
      left = await queue.finishItem(db, itemId, 'failed', { reason: 'Document not found' });
    } else {
      const { placement } = batch;
      const docValue = item.docValue ?? batch.docValue;
      const page = targetPage(placement, before.pageCount);
      try {
        // Signed first, stamped last (a document signed by an earlier attempt is only stamped).
        if (before.state === 'draft') await signItem(batch, documentId, before.pageCount, job);
        const result = await stamping.stamp(
          {
            actor: batch.actor,
            payer: batch.payer,
            request: {
              document_id: documentId,
              page,
              x: placement.x,
              y: placement.y,
              width: placement.width,
              height: placement.height,
              // The manifest's values for this file, else the batch's.
              doc_type: item.docType ?? batch.docType,
              ...(docValue !== null ? { doc_value: docValue } : {}),
            },
            // The results of a batch are filed together in a locker folder named after it.
            lockerFolder: batch.name,
          },
          { jobId: job.id, retryCount: job.retryCount },
        );
        left = await markStamped(itemId, result.serial_number, new Date());
      } catch (error) {
        const after = await alreadyStamped(documentId);
        if (after.kind === 'stamped') left = await markStamped(itemId, after.serial, after.at);
        // Another attempt of this job holds the document: it finishes the item.
        else if (after.kind === 'rest' && after.busy) return;
        else if (retryable(error) && job.retryCount < job.retryLimit) {
          throw new Error(error instanceof Error ? error.message : 'stamp failed');
        } else {
          const reason = error instanceof Error ? error.message.slice(0, 500) : 'failed';
          left = await queue.finishItem(db, itemId, 'failed', { reason });
        }
      }
    }
    // Another mover (a second attempt, the sweep) moved the item: it carries on from here.
    if (!left) return;
    if (left.next) await deps.send(left.next.jobId, { batchId, itemId: left.next.id });
    else await finishIfDone(batchId);
  };

  return {
    runItem,
    pump,
    finishIfDone,
    /**
     * The place later features hook into (locker filing, notifications): called once per batch
     * when its last document is done, with the batch's final counters.
     */
    onBatchFinished: (listener: TBatchFinishedListener) => {
      listeners.push(listener);
    },
    /**
     * The scheduled sweep: jobs lost between claim and send (a process died) are sent again with
     * their id, running batches are topped up and finished when nothing is left.
     */
    sweep: async () => {
      for (const lost of await queue.staleQueued(db, new Date(Date.now() - LOST_JOB_MS))) {
        if (lost.jobId) await deps.send(lost.jobId, { batchId: lost.batchId, itemId: lost.id });
      }
      for (const stuck of await queue.staleStamping(db, new Date(Date.now() - STUCK_ITEM_MS))) {
        const outcome = stuck.documentId === null ? null : await alreadyStamped(stuck.documentId);
        const left =
          outcome?.kind === 'stamped'
            ? await markStamped(stuck.id, outcome.serial, outcome.at)
            : outcome?.kind === 'rest' && outcome.busy
              ? undefined
              : await queue.finishItem(db, stuck.id, 'failed', {
                  reason: 'Processing stopped; retry the failed documents',
                });
        if (left?.next)
          await deps.send(left.next.jobId, { batchId: stuck.batchId, itemId: left.next.id });
        await finishIfDone(stuck.batchId);
      }
      for (const id of await queue.runningBatchIds(db)) {
        await pump(id);
        await finishIfDone(id);
      }
    },
  };
};

export type TBatchRunner = ReturnType<typeof createBatchRunner>;
