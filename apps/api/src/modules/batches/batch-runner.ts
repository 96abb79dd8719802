import { randomUUID } from 'node:crypto';
import type { TLockerFilingProblem } from '@bubuh/contracts';
import type { TDb } from '../../db/client.ts';
import type { TJobInfo } from '../../jobs/jobs.ts';
import { AppError } from '../../lib/app-error.ts';
import type { TSignDocument, TStampDocument } from '../document-work/index.ts';
import { findDocument, type TDocumentRow } from '../documents/index.ts';
import { serialById } from '../stamping/index.ts';
import { targetPage } from './batch-boxes.ts';
import * as queue from './batch-queue.repository.ts';
import type * as repo from './batches.repository.ts';
import { queueReadyItems } from './batches.repository.ts';

/**
 * The data of one job: its batch and the ids of the items it stamps together (read again by
 * the handler). Jobs sent before groups carry one `itemId`.
 */
export type TBatchItemJob = { batchId: number; itemIds?: number[]; itemId?: number };

/** Called once when a running batch has stamped (or failed) its last document. */
export type TBatchFinishedListener = (batch: repo.TBatchRow) => Promise<void> | void;

export type TBatchRunnerDeps = {
  db: TDb;
  stamping: TStampDocument;
  /** Signs a batch's documents before their stamp when the batch has an e-signature box. */
  signing: Pick<TSignDocument, 'sign'>;
  /** Sends the job of one document with the given id (a no-op when that job still exists). */
  send: (jobId: string, data: TBatchItemJob) => Promise<unknown>;
  /** Documents of one batch in the queue or being stamped at once. */
  window: number;
  /** Documents of one batch one job stamps together (at once). */
  group: number;
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
 * Runs batches: one pg-boss job per group of up to `group` documents of a batch
 * (`batch-stamp-item`), at most `window` documents per batch in the queue or stamping at once (so
 * one huge batch cannot starve the others). Starting, resuming and the sweep fill the window
 * (`pump`, counting under the batch's lock); a job's finished documents then give their places to
 * the next group in the statement that moves them (`finishItems`). Each document is stamped
 * through the single-document core (document-work `stamp-document.ts`, which spends its unit
 * through `withUnit` and reuses a failed serial), so it is stamped and charged exactly once
 * however often its job runs.
 */
export const createBatchRunner = (deps: TBatchRunnerDeps) => {
  const { db, stamping, signing } = deps;
  const listeners: TBatchFinishedListener[] = [];

  const pump = async (batchId: number) => {
    const groups = await queue.claimForJobs(db, batchId, deps.window, deps.group);
    for (const { jobId, ids } of groups) await deps.send(jobId, { batchId, itemIds: ids });
    return groups.reduce((n, g) => n + g.ids.length, 0);
  };

  /** `pump` after a file was queued into a running batch, when it could give out a group. */
  const pumpQueued = async (batchId: number) =>
    (await queue.mayClaim(db, batchId, deps.window, deps.group)) ? pump(batchId) : 0;

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

  const stampedOutcome = (id: number, serial: string, at: Date | null) =>
    ({ id, to: 'stamped', serial, stampedAt: at ?? new Date() }) as const;
  const failedOutcome = (id: number, reason: string) => ({ id, to: 'failed', reason }) as const;

  /**
   * Finished items leave the window together; the group that takes their places is sent. A job
   * of a smaller group (items queued one by one into a running batch, the last of a batch) hands
   * on nothing, so a small group does not beget small groups. Whenever fewer places were handed
   * on than freed (that, the batch's last items, or an item queued while the statement waited for
   * the batch's lock, which its snapshot did not see), `pump` counts again under the lock and
   * gives out whole groups. A batch with nothing left is finished. When another mover (a second
   * attempt, the sweep) moved them, it carries on from there.
   */
  const finish = async (batchId: number, outcomes: queue.TItemOutcome[], jobSize: number) => {
    if (outcomes.length === 0) return;
    const jobId = randomUUID();
    const whole = jobSize >= Math.min(deps.group, deps.window);
    const left = await queue.finishItems(db, outcomes, jobId, whole);
    if (left.moved === 0) return;
    if (left.next.length > 0) await deps.send(jobId, { batchId, itemIds: left.next });
    if (left.next.length >= left.moved) return;
    const sent = await pump(batchId);
    if (left.next.length === 0 && sent === 0) await finishIfDone(batchId);
  };

  /** The stamped outcome already stored in the document (an earlier attempt did the work). */
  const alreadyStamped = async (documentId: number) => {
    const doc = await findDocument(db, documentId);
    if (!doc) return { kind: 'gone' as const };
    if (doc.state === 'stamped' && doc.serialNumberId !== null) {
      const serial = await serialById(db, doc.serialNumberId);
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

  /**
   * An item whose document an earlier attempt (or another job) stamped: done, and filed in the
   * locker in case that attempt's process died between its stamp and its filing (a filed copy
   * makes this a no-op). Filed now, a problem an earlier filing recorded is cleared (`again`).
   */
  const stampedEarlier = (
    batch: repo.TBatchRow,
    item: repo.TBatchItemRow,
    stamped: { serial: string; at: Date | null },
  ): TItemRun => ({
    kind: 'done',
    outcome: stampedOutcome(item.id, stamped.serial, stamped.at),
    again: true,
    file: async () => {
      if (item.documentId === null) return null;
      return stamping.fileStamped({
        actor: batch.actor,
        documentId: item.documentId,
        serialNumber: stamped.serial,
        lockerFolder: batch.name,
      });
    },
  });

  /**
   * What became of one item in this attempt: an outcome (with its locker filing, which answers
   * why it did not file), a retry, or nothing to do.
   */
  type TItemRun =
    | {
        kind: 'done';
        outcome: queue.TItemOutcome;
        file?: () => Promise<TLockerFilingProblem | null>;
        /** Stamped by an earlier attempt, whose filing may have recorded a problem. */
        again?: true;
      }
    | { kind: 'retry'; error: unknown }
    | { kind: 'skip' };

  /**
   * One document of a job: signed first when the batch signs, then stamped, through the single
   * document cores (each attempt of each document keyed by the job, so a retry finds its earlier
   * units). `claimed`: this attempt just took it from the queue.
   */
  const runOne = async (
    batch: repo.TBatchRow,
    item: repo.TBatchItemRow,
    claimed: boolean,
    attempt: TJobInfo,
    /** The item's document as its claim read it (the stamp does not read it again). */
    document?: TDocumentRow,
    /** The claim's stamp claim of that document (`claimGroup`), when it made one. */
    stampClaim?: { reusableSerialId: number | null },
  ): Promise<TItemRun> => {
    const documentId = item.documentId;
    if (documentId === null) return { kind: 'skip' };
    // Just claimed, without a signature to make first: the stamp reads the document itself (and
    // refuses a stamped one, which the catch below then records), so it is not read twice.
    const { pageCount } = item;
    const before =
      claimed && !batch.esign && pageCount !== null
        ? { kind: 'rest' as const, busy: false, state: null, pageCount }
        : await alreadyStamped(documentId);
    if (before.kind === 'stamped') return stampedEarlier(batch, item, before);
    if (before.kind === 'gone')
      return { kind: 'done', outcome: failedOutcome(item.id, 'Document not found') };
    const { placement } = batch;
    const docValue = item.docValue ?? batch.docValue;
    try {
      // Signed first, stamped last (a document signed by an earlier attempt is only stamped).
      if (before.state === 'draft') await signItem(batch, documentId, before.pageCount, attempt);
      const { result, file } = await stamping.stampThenFile(
        {
          actor: batch.actor,
          payer: batch.payer,
          request: {
            document_id: documentId,
            page: targetPage(placement, before.pageCount),
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
          ...(claimed && document && before.state === null
            ? { document, ...(stampClaim ? { claimed: stampClaim } : {}) }
            : {}),
        },
        { jobId: attempt.id, retryCount: attempt.retryCount },
      );
      return {
        kind: 'done',
        outcome: stampedOutcome(item.id, result.serial_number, new Date()),
        file,
      };
    } catch (error) {
      const after = await alreadyStamped(documentId);
      if (after.kind === 'stamped') return stampedEarlier(batch, item, after);
      // Another attempt of this job holds the document: it finishes the item.
      if (after.kind === 'rest' && after.busy) return { kind: 'skip' };
      if (retryable(error) && attempt.retryCount < attempt.retryLimit)
        return { kind: 'retry', error };
      const reason = error instanceof Error ? error.message.slice(0, 500) : 'failed';
      return { kind: 'done', outcome: failedOutcome(item.id, reason) };
    }
  };

  /**
   * The handler of one job, idempotent: its items' statuses say what is left. It takes its
   * queued items, stamps them at once, and moves the finished ones out of the window together
   * (one statement), handing their places to the next group. A document that failed in a way a
   * retry may cure stays `stamping` and the job throws: its retry runs those alone.
   */
  const runGroup = async (data: TBatchItemJob, job: TJobInfo) => {
    const { batchId } = data;
    const itemIds = data.itemIds ?? (data.itemId !== undefined ? [data.itemId] : []);
    if (itemIds.length === 0) return;
    // The usual case: the items are queued in a running batch and this job takes them.
    const claimed = await queue.claimGroup(db, itemIds, job.id, stamping.groupClaim());
    const items = claimed?.items ?? [];
    let batch = claimed?.batch;
    const taken = new Set(items.map((i) => i.id));
    if (taken.size < itemIds.length) {
      // Not taken: a paused batch's items give their job back; stamping ones are a retried job's.
      const rest = await queue.itemsWithBatch(
        db,
        itemIds.filter((id) => !taken.has(id)),
      );
      const ours = rest.filter((r) => r.item.batchId === batchId && r.item.jobId === job.id);
      batch ??= ours[0]?.batch;
      const queuedIds = ours.filter((r) => r.item.status === 'queued').map((r) => r.item.id);
      if (queuedIds.length > 0 && ours[0]?.batch.status === 'paused')
        await queue.releaseJobs(db, queuedIds, job.id);
      items.push(...ours.filter((r) => r.item.status === 'stamping').map((r) => r.item));
    }
    if (!batch || items.length === 0) return;
    const running = batch;
    // Each document keys its units by the job and itself (one job, several documents); a job
    // sent before groups (one item) keeps its own id.
    const attemptOf = (itemId: number): TJobInfo =>
      data.itemIds ? { ...job, id: `${job.id}.${itemId}` } : job;
    const runs = await Promise.all(
      items.map((item) =>
        runOne(
          running,
          item,
          taken.has(item.id),
          attemptOf(item.id),
          item.documentId === null ? undefined : claimed?.documents.get(item.documentId),
          item.documentId === null ? undefined : claimed?.claims.get(item.documentId),
        ),
      ),
    );
    // The group's stamped documents are filed in the locker together (their statements shared).
    // Those not filed keep why on their item (the batch counts them); the stamp stands.
    const filings = await Promise.all(
      runs.map(async (r): Promise<queue.TItemFiling | undefined> => {
        if (r.kind !== 'done' || !r.file) return undefined;
        const problem = await r.file();
        return problem !== null || r.again ? { id: r.outcome.id, problem } : undefined;
      }),
    );
    await queue
      .recordFilings(
        db,
        batchId,
        filings.filter((f) => f !== undefined),
      )
      .catch((err: unknown) => deps.log.error({ err, batchId }, 'locker filing not recorded'));
    await finish(
      batchId,
      runs.flatMap((r) => (r.kind === 'done' ? [r.outcome] : [])),
      itemIds.length,
    );
    const retry = runs.find((r) => r.kind === 'retry');
    if (retry?.kind === 'retry') {
      const { error } = retry;
      throw new Error(error instanceof Error ? error.message : 'stamp failed');
    }
  };

  return {
    runGroup,
    pump,
    pumpQueued,
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
      // Lost jobs are sent again whole (their items share the id).
      const lost = new Map<string, { batchId: number; ids: number[] }>();
      for (const item of await queue.staleQueued(db, new Date(Date.now() - LOST_JOB_MS))) {
        if (!item.jobId) continue;
        const group = lost.get(item.jobId) ?? { batchId: item.batchId, ids: [] };
        lost.set(item.jobId, { ...group, ids: [...group.ids, item.id] });
      }
      for (const [jobId, { batchId, ids }] of lost)
        await deps.send(jobId, { batchId, itemIds: ids });
      for (const stuck of await queue.staleStamping(db, new Date(Date.now() - STUCK_ITEM_MS))) {
        const outcome = stuck.documentId === null ? null : await alreadyStamped(stuck.documentId);
        if (outcome?.kind === 'rest' && outcome.busy) continue;
        await finish(
          stuck.batchId,
          [
            outcome?.kind === 'stamped'
              ? stampedOutcome(stuck.id, outcome.serial, outcome.at)
              : failedOutcome(stuck.id, 'Processing stopped; retry the failed documents'),
          ],
          1,
        );
      }
      // Files an upload-and-start of an earlier version stored `ready` and did not get to queue
      // (its process died); one now queues its file in the transaction that inserts it.
      for (const id of await queue.strayReadyBatchIds(db)) await queueReadyItems(db, id);
      for (const id of await queue.runningBatchIds(db)) {
        await pump(id);
        await finishIfDone(id);
      }
    },
  };
};

export type TBatchRunner = ReturnType<typeof createBatchRunner>;
